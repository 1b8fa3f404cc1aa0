// `soundsafari status`: one row per participant of a logs folder — the study's state at a glance for the supervisor.
import ArgumentParser
import Foundation
import StudyKit
import StudyRecords

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every participant's state: protocol or plan, sessions done, interrupted, missed, due next.",
        discussion: """
            One row per participant of the logs folder (participants.csv and the participants' folders): their \
            training plan (current plan-NNN.json) or the protocol of their newest session; sessions done; \
            interrupted (started, not done, no process writing them); missed and due next by the plan's calendar \
            (the one adherence rule, Examples/README.md); last seen; the listening dose of the last 7 days in % of \
            the weekly allowance (empty without calibrated headphones); the newest rating; the HRTF set they train \
            with (per condition when their newest session's protocol fixes the sets, else the set chosen by ear in \
            profile.json, else default). Then every interrupted \
            session with the command that continues it. --format csv and json print the same numbers for a \
            spreadsheet or a script (json adds the sessions and their commands).
            """)

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, csv, json }

    @Option(help: "Folder of the study logs.")
    var logs: String = "StudyLogs"

    @Option(help: "text (a table), csv or json.")
    var format: OutputFormat = .text

    func run() throws {
        let status = try StudyStatus.read(logs: URL(fileURLWithPath: logs), logsArgument: logs, today: Date())
        switch format {
        case .text: print(ParticipantStatus.text(status.participants, logs: logs), terminator: "")
        case .csv: print(ParticipantStatus.csv(status.participants), terminator: "")
        case .json: print(ParticipantStatus.json(status.participants))
        }
        for problem in status.problems { FileHandle.standardError.write(Data(("status: " + problem + "\n").utf8)) }
        if !status.problems.isEmpty { throw ExitCode(1) }
    }
}
