// `describe`: n, mean, sd, se, median, min, max and 95% CI per group.
import ArgumentParser
import StudyAnalysis

struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe", abstract: "Per-group n, mean, sd, se, median, min, max and 95% CI.")
    @OptionGroup var data: DataOptions
    @Option(help: "Group by this column (repeat for crossed groups).") var by: [String] = []

    func run() throws {
        try runReporting { data.emit(Analyses.describe(try data.load(factors: by, keepValues: true))) }
    }
}
