// `posthoc`: Tukey HSD or pairwise t-tests with Holm/Bonferroni adjustment.
import ArgumentParser
import StudyAnalysis

extension PValueAdjustment: ExpressibleByArgument {}

struct PostHocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "posthoc", abstract: "Tukey HSD or pairwise t-tests (Holm, Bonferroni) between the groups of --by."
    )
    @OptionGroup var data: DataOptions
    @Option(help: "Grouping column.") var by: String
    @Option(help: "tukey or pairwise.") var method = "tukey"
    @Option(help: "p-value adjustment for pairwise: holm, bonferroni or none.") var adjust: PValueAdjustment = .holm
    @Flag(name: .customLong("no-pool"), help: "Pairwise: one Welch test per pair instead of the pooled SD.")
    var noPool = false

    func run() throws {
        try runReporting {
            data.emit(
                try Analyses.postHoc(try data.load(factors: [by]), method: method, adjustment: adjust, pooled: !noPool))
        }
    }
}
