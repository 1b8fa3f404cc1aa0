// `rate`: the rate of a true/false column (default front_back_confusion) per group with a Wilson 95% interval.
import ArgumentParser
import StudyAnalysis

struct RateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Rate of a true/false column (default front_back_confusion) with Wilson 95% intervals.")
    @OptionGroup var data: DataOptions
    @Option(help: "Group by this column (repeatable).") var by: [String] = []

    func run() throws {
        try runReporting {
            var d = data
            if d.value == "abs_deviation_deg" { d.value = "front_back_confusion" }
            d.emit(Analyses.proportion(try d.load(factors: by, acceptBooleans: true)))
        }
    }
}
