// `circular`: circular mean, resultant length and Rayleigh test of signed angular errors per group.
import ArgumentParser
import StudyAnalysis

struct CircularCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "circular",
        abstract:
            "Circular mean and Rayleigh test of angles in degrees (--value; default deviation_deg, the signed error).")
    @OptionGroup var data: DataOptions
    @Option(help: "Group by this column (repeatable).") var by: [String] = []

    func run() throws {
        try runReporting {
            data.emit(
                try Analyses.circular(try data.load(factors: by, angularSums: true, defaultValue: "deviation_deg")))
        }
    }
}
