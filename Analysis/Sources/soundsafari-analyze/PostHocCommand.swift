// `posthoc`: Tukey HSD or pairwise t-tests between groups, or paired t-tests between within levels (--within) and
// groups compared at each within level (--within with --by).
import ArgumentParser
import StudyAnalysis

extension PValueAdjustment: ExpressibleByArgument {}

struct PostHocCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "posthoc",
        abstract:
            "Tukey HSD or pairwise t-tests between the groups of --by; paired t-tests between the levels of --within (--subject), or with --by the groups at each --within level."
    )
    @OptionGroup var data: DataOptions
    @Option(help: "Grouping (between-subjects) column.") var by: String?
    @Option(help: "Within-subjects factor (needs --subject): paired t-tests on per-subject cell means.")
    var within: String?
    @Option(help: "Subject column: with --within the pairs; without, one mean per subject and group is the unit.")
    var subject: String?
    @Option(help: "Between groups: tukey (default) or pairwise.") var method: String?
    @Option(help: "p-value adjustment for pairwise and --within tests: holm (default), bonferroni or none.")
    var adjust: PValueAdjustment?
    @Flag(
        name: .customLong("no-pool"), help: "Pairwise between groups: one Welch test per pair instead of the pooled SD."
    )
    var noPool = false

    func validate() throws {
        if by == nil && within == nil { throw ValidationError("Name the groups with --by COL or --within COL.") }
        if within != nil && subject == nil {
            throw ValidationError("--within needs --subject (the column naming each participant).")
        }
        if within != nil, let method {
            throw ValidationError(
                "--method \(method) applies to between-subjects groups; --within uses paired t-tests.")
        }
        if within != nil && noPool {
            throw ValidationError(
                "--no-pool applies to pairwise tests between groups without --within (the groups at each level use the pooled SD, as pairwise.t.test)."
            )
        }
        if within == nil, method ?? "tukey" == "tukey", adjust != nil {
            throw ValidationError("--adjust applies to --method pairwise; Tukey HSD has its own family-wise p-values.")
        }
        if within == nil, method ?? "tukey" == "tukey", noPool {
            throw ValidationError("--no-pool applies to --method pairwise.")
        }
    }

    func run() throws {
        try runReporting {
            let adjustment = adjust ?? .holm
            if let within {
                let loaded = try data.load(factors: (by.map { [$0] } ?? []) + [within], subject: subject)
                data.emit(try Analyses.postHocWithin(loaded, hasBetween: by != nil, adjustment: adjustment))
                return
            }
            let loaded = try data.load(factors: by.map { [$0] } ?? [], subject: subject)
            warnIfPseudoReplicated(loaded, subject: subject, by: by.map { [$0] } ?? []) { ["--within", $0] }
            data.emit(
                try Analyses.postHoc(loaded, method: method ?? "tukey", adjustment: adjustment, pooled: !noPool))
        }
    }
}
