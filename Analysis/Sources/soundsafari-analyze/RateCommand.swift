// `rate`: the rate of a true/false column (default front_back_confusion) per group with a Wilson 95% interval.
import ArgumentParser
import StudyAnalysis

struct RateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Rate of a TRUE/FALSE column (--value; default front_back_confusion) with Wilson 95% intervals.")
    @OptionGroup var data: DataOptions
    @Option(help: "Group by this column (repeatable).") var by: [String] = []

    func run() throws {
        try runReporting {
            data.emit(
                Analyses.proportion(
                    try data.load(factors: by, acceptBooleans: true, defaultValue: "front_back_confusion")))
        }
    }
}
