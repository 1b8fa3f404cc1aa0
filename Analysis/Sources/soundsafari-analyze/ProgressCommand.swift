// `progress`: learning over sessions — per-session medians, learning-curve fits, staircase thresholds, adherence.
import ArgumentParser
import Foundation
import StudyAnalysis

struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Per-session medians, learning-curve fits (exponential, power), staircase thresholds, adherence.",
        discussion: """
            Sessions are told apart by session_index. The curve is fitted to the per-session median abs \
            deviation; with --by participant one curve per participant, otherwise one over the mean of the \
            participants' medians. Adherence is read from plan-NNN.json and session.json in the input folders.
            """)

    @Argument(help: "CSV files or folders; folders are searched for trials.csv files.")
    var inputs: [String] = []

    @Option(help: "participant: one learning curve per participant.")
    var by: String?

    @Option(help: "How many of a session's last staircase reversals its threshold averages.")
    var thresholdReversals = 6

    @Flag(help: "Drop malformed rows instead of stopping.")
    var skipInvalid = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        if let by, by != "participant" {
            throw ValidationError("--by \(by): progress groups by participant only (--by participant).")
        }
        if thresholdReversals < 1 { throw ValidationError("--threshold-reversals must be at least 1.") }
    }

    func run() throws {
        try runReporting {
            let files = try StudyData.resolveInputs(inputs).files
            let rows = try SessionProgress.read(
                files: files, thresholdReversals: thresholdReversals, skipInvalid: skipInvalid)
            let folders = inputs.filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
            let result = ProgressReport.render(
                rows: rows, curves: ProgressReport.curves(rows, byParticipant: by != nil),
                adherence: try PlanAdherence.read(folders: folders))
            print(Analyses.render([result], json: format == .json))
        }
    }
}
