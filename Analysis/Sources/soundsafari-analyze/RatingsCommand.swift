// `ratings`: the tinnitus questionnaire before/after sessions, its trend, and loudness vs localization.
import ArgumentParser
import Foundation
import StudyAnalysis

struct RatingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings",
        abstract: "Before/after change (paired t, d_z), trend over sessions and loudness–localization correlation.",
        discussion:
            "Reads every ratings.csv (and trials.csv, for the localization per session) below the given StudyLogs folders."
    )
    @Argument(help: "StudyLogs folders or ratings.csv files.") var inputs: [String] = []
    @Option(
        name: .customLong("filter"),
        help:
            "Keep only ratings with COLUMN=VALUE (or drop COLUMN!=VALUE), COLUMN one of participant, session_id, session_index, moment, item; repeatable."
    ) var filters: [String] = []
    @Flag(
        help:
            "Leave out rows the game could not have written (ratings.csv and trials.csv) instead of stopping; their number is reported."
    ) var skipInvalid = false
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        try runReporting {
            let data = try RatingsData.load(
                paths: inputs, filters: try filters.map { try RowFilter(parsing: $0) }, skipInvalid: skipInvalid)
            if data.skippedRows > 0 {
                FileHandle.standardError.write(
                    Data("note: skipped \(data.skippedRows) invalid row(s); first: \(data.firstSkipped ?? "")\n".utf8))
            }
            let result = RatingsAnalysis.run(data).rendered()
            print(format == .json ? Analyses.render([result], json: true) : result.text)
        }
    }
}
