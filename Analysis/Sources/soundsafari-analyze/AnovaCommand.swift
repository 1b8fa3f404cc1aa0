// `anova`: one-way (Fisher + Welch), two-way type II (--by A --by B), or a factorial repeated-measures ANOVA
// (--within A [--within B ...] [--by G ...] --subject S [--type 2|3]).
import ArgumentParser
import StudyAnalysis

struct AnovaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anova",
        abstract:
            "One-way ANOVA with Welch's test, two-way type II ANOVA, or a repeated-measures ANOVA with any number of within and between factors (--within A [--within B] [--by G] --subject S)."
    )
    @OptionGroup var data: DataOptions
    @Option(help: "Between-subjects factor (repeat: two without --within, any number with --within).")
    var by: [String] = []
    @Option(help: "Within-subjects factor (repeat for several; needs --subject).") var within: [String] = []
    @Option(
        help:
            "Subject column: with --within, the unit is each subject's cell mean; without, each subject's mean per group (one value per participant)."
    )
    var subject: String?
    @Option(help: "Sums of squares for --within designs: 3 (default, sum-to-zero contrasts, as afex/SPSS) or 2.")
    var type: Int?
    @Flag(
        help:
            "Also run Levene / Brown-Forsythe and Kruskal-Wallis (between-subjects), or the Friedman test (one --within factor)."
    )
    var checks = false

    func validate() throws {
        if !within.isEmpty && subject == nil {
            throw ValidationError("--within needs --subject (the column naming each participant).")
        }
        if within.isEmpty && by.isEmpty {
            throw ValidationError("Name the grouping column with --by COL (or --within COL --subject COL).")
        }
        if within.isEmpty && by.count > 2 {
            throw ValidationError("Without --within at most two --by columns are supported (got \(by.count)).")
        }
        if let type, type != 2 && type != 3 { throw ValidationError("--type must be 2 or 3 (got \(type)).") }
        if let type, within.isEmpty {
            throw ValidationError(
                "--type \(type) applies to designs with --within; the between-subjects two-way ANOVA uses type 2.")
        }
        if checks && within.isEmpty && by.count == 2 {
            throw ValidationError("--checks applies to the one-way ANOVA (one --by) or one --within factor.")
        }
        let all = by + within
        if let repeated = all.first(where: { name in all.filter { $0 == name }.count > 1 }) {
            throw ValidationError("'\(repeated)' is named twice in --by/--within; give each factor once.")
        }
    }

    func run() throws {
        try runReporting {
            let loaded = try data.load(factors: by + within, subject: subject, keepValues: checks)
            warnIfPseudoReplicated(loaded, subject: subject, by: by) { ["--within", $0] }
            data.emit(try Analyses.anova(loaded, checks: checks, withinCount: within.count, type: type))
        }
    }
}
