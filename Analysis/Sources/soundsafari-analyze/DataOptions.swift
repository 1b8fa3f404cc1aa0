// Options every analysis command shares: inputs, the value column, filters, invalid-row handling, output format.
import ArgumentParser
import Foundation
import StudyAnalysis

enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

struct DataOptions: ParsableArguments {
    @Argument(help: "CSV files or folders; folders are searched for trials.csv files.")
    var inputs: [String] = []

    /// Each command has its own default column (`valueColumn(default:)`); an explicit one is always used.
    @Option(
        help:
            "The column to analyse (default: abs_deviation_deg; circular: deviation_deg; rate: front_back_confusion).")
    var value: String?

    @Option(
        name: .customLong("filter"),
        help:
            "Keep rows where COLUMN=VALUE (repeat: values of one column are alternatives) or drop rows with COLUMN!=VALUE."
    )
    var filters: [String] = []

    @Flag(help: "Drop rows that are malformed or not numeric instead of stopping; their number is reported.")
    var skipInvalid = false

    @Option(
        help:
            "participants.csv for columns trials.csv lacks (joined on 'participant'); found automatically in an input folder."
    )
    var participants: String?

    @Option(help: "Output format: text (laid out like R) or json.")
    var format: OutputFormat = .text

    /// The value column: `--value` when given, else the command's own default.
    func valueColumn(default column: String) -> String { value ?? column }

    func load(
        factors: [String], subject: String? = nil, keepValues: Bool = false, acceptBooleans: Bool = false,
        angularSums: Bool = false, defaultValue: String = "abs_deviation_deg"
    ) throws -> StudyData {
        var options = LoadOptions(value: valueColumn(default: defaultValue), factors: factors, subject: subject)
        options.filters = try filters.map { try RowFilter(parsing: $0) }
        options.skipInvalid = skipInvalid
        options.keepValues = keepValues
        options.acceptBooleans = acceptBooleans
        options.angularSums = angularSums
        options.participantsFile = participants
        let data = try StudyData.load(paths: inputs, options: options)
        if data.skippedRows > 0 {
            FileHandle.standardError.write(
                Data("note: skipped \(data.skippedRows) invalid row(s); first: \(data.firstSkipped ?? "")\n".utf8))
        }
        if data.skippedTargets > 0 {
            FileHandle.standardError.write(
                Data(
                    "note: \(data.skippedTargets) row(s) of skipped animals (skipped = TRUE) left out; --filter skipped=TRUE analyses them\n"
                        .utf8))
        }
        return data
    }

    func emit(_ results: [RenderedResult]) {
        print(Analyses.render(results, json: format == .json))
    }
}

/// Errors from the library print as one sentence through ArgumentParser and exit non-zero.
func runReporting(_ body: () throws -> Void) throws {
    do { try body() } catch let error as AnalysisError {
        throw ValidationErrorMessage(message: error.message)
    }
}

struct ValidationErrorMessage: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Trials of one participant are not independent: when a participant has several rows in a group and no --subject was
/// given, say so on stderr and show the command that analyses one mean per participant, or, when participants have
/// rows in several groups (a within-subjects factor), the repeated-measures command (`withinArguments` replaces
/// `--by COL`: `--within COL` for anova and posthoc, `--paired` for ttest).
func warnIfPseudoReplicated(_ data: StudyData, subject: String?, by: [String], within: (String) -> [String]) {
    guard subject == nil, data.repeatedParticipants else { return }
    var arguments = Array(CommandLine.arguments.dropFirst())
    let reason: String
    if data.participantsInSeveralGroups, by.count == 1, let i = arguments.firstIndex(of: "--by"),
        i + 1 < arguments.count
    {
        arguments.replaceSubrange(i...(i + 1), with: within(by[0]))
        reason =
            "each participant has rows in several levels of '\(by[0])', a within-subjects factor; analyse it on participant means"
    } else {
        reason = "analyse one mean per participant"
    }
    let command = (["soundsafari-analyze"] + arguments + ["--subject", "participant"]).joined(separator: " ")
    FileHandle.standardError.write(
        Data(
            ("warning: participants contribute several rows to a group, so these rows are not independent (pseudo-replication) and the p-values, which count every row as independent, are usually too small; \(reason):\n  \(command)\nor fit a mixed model with participant as a random effect.\n")
                .utf8))
}
