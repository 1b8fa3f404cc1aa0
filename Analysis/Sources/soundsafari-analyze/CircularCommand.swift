// `circular`: circular mean, resultant length and Rayleigh test of signed angular errors per group.
import ArgumentParser
import StudyAnalysis

struct CircularCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "circular",
        abstract: "Circular mean and Rayleigh test of signed angles (default column deviation_deg).")
    @OptionGroup var data: DataOptions
    @Option(help: "Group by this column (repeatable).") var by: [String] = []

    func run() throws {
        try runReporting {
            var d = data
            if d.value == "abs_deviation_deg" { d.value = "deviation_deg" }
            d.emit(try Analyses.circular(try d.load(factors: by, angularSums: true)))
        }
    }
}
