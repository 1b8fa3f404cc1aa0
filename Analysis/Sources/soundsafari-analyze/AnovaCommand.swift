// `anova`: one-way (Fisher + Welch), two-way type II (--by A --by B), repeated measures (--within --subject) or mixed (all three).
import ArgumentParser
import StudyAnalysis

struct AnovaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anova",
        abstract:
            "One-way ANOVA with Welch's test, two-way type II ANOVA, one-way repeated-measures ANOVA, or a mixed ANOVA (--by G --within W --subject S)."
    )
    @OptionGroup var data: DataOptions
    @Option(help: "Between-subjects factor; give two for a two-way ANOVA, or one with --within for a mixed ANOVA.")
    var by: [String] = []
    @Option(help: "Within-subjects factor (repeated measures; needs --subject).") var within: String?
    @Option(help: "Subject column for repeated measures (values in a cell are averaged).") var subject: String?
    @Flag(help: "Also run Levene / Brown-Forsythe and Kruskal-Wallis (keeps all values in memory).") var checks = false

    func validate() throws {
        if within != nil && subject == nil {
            throw ValidationError("--within needs --subject (the column naming each participant).")
        }
        if within != nil && by.count > 1 {
            throw ValidationError(
                "A mixed ANOVA takes one --by (between-subjects) column with --within (got \(by.count)).")
        }
        if within == nil && by.isEmpty {
            throw ValidationError("Name the grouping column with --by COL (or --within COL --subject COL).")
        }
        if by.count > 2 { throw ValidationError("At most two --by columns are supported.") }
    }

    func run() throws {
        try runReporting {
            let loaded = try data.load(
                factors: by + (within.map { [$0] } ?? []), subject: within == nil ? nil : subject, keepValues: checks)
            data.emit(try Analyses.anova(loaded, checks: checks))
        }
    }
}
