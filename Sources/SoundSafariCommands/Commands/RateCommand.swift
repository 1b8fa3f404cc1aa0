// `soundsafari rate`: the tinnitus questionnaire alone, as a reminder's random prompt opens it.
import ArgumentParser
import Foundation
import GameUI
import StudyKit
import StudyRecords

struct RateCommand: WindowCommand {
    var logsFolder: URL? { URL(fileURLWithPath: logs) }

    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Answer the short tinnitus questionnaire now (what a reminder's prompt opens).",
        discussion: """
            One question per screen; every answer (or skip) goes to <logs>/<participant>/ratings.csv at once, \
            with moment 'prompt' and the time the reminder asked. Then the questionnaires the participant's \
            training plan names and still owes (a baseline, a follow-up, one left halfway) are asked, into \
            questionnaires.csv. The window closes after the last question.
            """)

    @Option(help: "Pseudonymous participant ID (e.g. P01).") var participant: String
    @Option(help: "Folder for the study logs.", transform: LogsOption.parse) var logs = "StudyLogs"
    @OptionGroup var language: LanguageOption
    @Option(help: "When the reminder asked (ISO 8601, e.g. 2026-11-23T18:07:31Z; default: now).")
    var promptedAt: String?

    func validate() throws {
        _ = try reminderParticipant(participant)
        if let promptedAt, Timestamp.parse(promptedAt) == nil {
            throw ValidationError(
                "--prompted-at: '\(promptedAt)' is not an ISO 8601 time such as 2026-11-23T18:07:31Z.")
        }
    }

    func run(hooks: AppHooks) throws {
        try language.activate(logs: URL(fileURLWithPath: logs), participant: participant)
        var options = AppOptions(
            kind: .prompt(
                participant: try reminderParticipant(participant),
                promptedAt: promptedAt.flatMap(Timestamp.parse) ?? Date()),
            logs: URL(fileURLWithPath: logs))
        // After the ratings, what the participant's training plan still owes (its questionnaires).
        options.instrumentLibrary = { try QuestionnaireFolders.library(questionnaires: nil, sounds: nil).all() }
        let status = try GameApp(options: options, hooks: hooks).runLoop()
        if status != 0 { throw ExitCode(status) }
    }
}
