// `ttest`: one-sample (--mu), Welch (default), Student (--equal-variance) or paired (--paired --subject).
import ArgumentParser
import StudyAnalysis

struct TTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ttest",
        abstract: "t-tests as R's t.test, with 95% CI, Cohen's d and Hedges' g; difference = first level minus second.")
    @OptionGroup var data: DataOptions
    @Option(help: "Column with the two groups (omit for a one-sample test against --mu).") var by: String?
    @Option(
        help:
            "The two levels of --by to compare, separated by a comma, in order: --levels one-target,two-targets (default: the two levels sorted as text)."
    )
    var levels: String?
    @Option(help: "Hypothesised mean for a one-sample test.") var mu: String?
    @Flag(help: "Pair values by --subject (each subject's mean per level).") var paired = false
    @Option(
        help:
            "Subject column: with --paired the pairs; without, each subject's mean per group is one value (the unit of analysis)."
    )
    var subject: String?
    @Flag(name: .customLong("equal-variance"), help: "Student's t-test (pooled variance) instead of Welch's.")
    var equalVariance = false
    @Flag(help: "Also run Mann-Whitney U (or Wilcoxon signed-rank when paired or one-sample).") var nonparametric =
        false
    @Option(help: "Confidence level of the interval.") var confidence = 0.95
    @Option(
        help:
            "Rank tests: round to this many significant digits before ranking (R's wilcox.test digits.rank), so decimal-equal differences such as 0.3 - 0.1 and 0.2 tie; default: exact, as R."
    )
    var digitsRank: Int?

    func validate() throws {
        if paired && subject == nil {
            throw ValidationError("--paired needs --subject (the column naming each participant).")
        }
        if paired && by == nil { throw ValidationError("--paired needs --by (the column with the two conditions).") }
        if by != nil && mu != nil { throw ValidationError("--mu is for a one-sample test; drop --by or --mu.") }
        if by == nil && levels != nil { throw ValidationError("--levels picks two levels of --by; add --by COL.") }
        if by == nil && subject != nil {
            throw ValidationError("--subject needs --by (the column with the two groups or paired conditions).")
        }
        if equalVariance && (paired || by == nil) {
            throw ValidationError(
                "--equal-variance applies to two independent groups; a paired or one-sample t-test has one variance.")
        }
        if let levels, levelList(levels).count != 2 {
            // `--levels A B` would take B as an input file: say how the levels are written instead.
            throw ValidationError(
                "--levels takes two levels separated by a comma, e.g. --levels one-target,two-targets (got '\(levels)')."
            )
        }
        if let digitsRank, !nonparametric {
            throw ValidationError("--digits-rank \(digitsRank) applies to the rank tests; add --nonparametric.")
        }
        if let digitsRank, digitsRank < 1 { throw ValidationError("--digits-rank must be at least 1.") }
        if !(confidence > 0 && confidence < 1) {
            throw ValidationError("--confidence must be between 0 and 1, e.g. 0.95.")
        }
    }

    func levelList(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
    }

    func run() throws {
        try runReporting {
            let loaded = try data.load(
                factors: by.map { [$0] } ?? [], subject: subject, keepValues: nonparametric)
            if !paired {
                warnIfPseudoReplicated(loaded, subject: subject, by: by.map { [$0] } ?? []) {
                    ["--by", $0, "--paired"]
                }
            }
            data.emit(
                try Analyses.tTest(
                    loaded, mu: mu, student: equalVariance, levels: levels.map(levelList), nonparametric: nonparametric,
                    paired: paired, confidence: confidence, digitsRank: digitsRank))
        }
    }
}
