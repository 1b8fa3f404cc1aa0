// `anova`: one-way (Fisher + Welch), two-way type II (--by A --by B) or repeated measures (--within --subject).
import ArgumentParser
import StudyAnalysis

struct AnovaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "anova",
        abstract: "One-way ANOVA with Welch's test, two-way type II ANOVA, or one-way repeated-measures ANOVA.")
    @OptionGroup var data: DataOptions
    @Option(help: "Between-subjects factor; give two for a two-way ANOVA.") var by: [String] = []
    @Option(help: "Within-subjects factor (repeated measures; needs --subject).") var within: String?
    @Option(help: "Subject column for repeated measures (values in a cell are averaged).") var subject: String?
    @Flag(help: "Also run Levene / Brown-Forsythe and Kruskal-Wallis (keeps all values in memory).") var checks = false

    func validate() throws {
        if within != nil && subject == nil { throw ValidationError("--within needs --subject (the column naming each participant).") }
        if within != nil && !by.isEmpty { throw ValidationError("Give either --within (repeated measures) or --by (between subjects), not both.") }
        if within == nil && by.isEmpty { throw ValidationError("Name the grouping column with --by COL (or --within COL --subject COL).") }
        if by.count > 2 { throw ValidationError("At most two --by columns are supported.") }
    }

    func run() throws {
        try runReporting {
            let loaded = try data.load(factors: within.map { [$0] } ?? by, subject: within == nil ? nil : subject, keepValues: checks)
            data.emit(try Analyses.anova(loaded, checks: checks))
        }
    }
}
