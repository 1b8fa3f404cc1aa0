// `soundsafari questionnaire take`: an instrument in the window, one item per screen, each answer stored at once.
import ArgumentParser
import Foundation
import GameUI
import StudyKit
import StudyRecords

struct QuestionnaireTakeCommand: WindowCommand {
    static let configuration = CommandConfiguration(
        commandName: "take",
        abstract: "Answer an instrument in the window (one item per screen; keyboard, mouse or gamepad).",
        discussion: """
            Every answer (or skip) goes to <logs>/<participant>/questionnaires.csv before the next item shows. \
            An administration left halfway (the window closed or killed) continues at its first unanswered item \
            the next time the same instrument is taken at the same moment; a finished one is locked and taking \
            the instrument again begins a new administration. A licensed scale (mini-tq, thi) can be taken once \
            the clinic's wording is added (questionnaire add FILE).
            """)

    @Option(help: "Pseudonymous participant ID (e.g. P01).") var participant: String
    @Option(help: "The instrument's id (see questionnaire list).") var instrument: String
    @Option(help: "Which wording to use when an instrument has several languages (e.g. de; default: English).")
    var language: String?
    @Option(help: "The moment: on_request, baseline, follow_up or prompt.")
    var moment = "on_request"
    @Option(help: "Folder for the study logs.", transform: LogsOption.parse) var logs = "StudyLogs"
    @OptionGroup var folders: QuestionnaireFolders

    static let moments: [QuestionnaireMoment] = [.onRequest, .baseline, .followUp, .prompt]

    func validate() throws {
        _ = try reminderParticipant(participant)
        guard let given = QuestionnaireMoment(rawValue: moment), Self.moments.contains(given) else {
            throw ValidationError(
                "--moment '\(moment)' is not one of \(Self.moments.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run(hooks: AppHooks) throws {
        let chosen = try InstrumentChoice.takeable(
            id: instrument, language: language, from: try folders.library().all())
        let options = AppOptions(
            kind: .instruments(
                participant: try reminderParticipant(participant), instruments: [chosen],
                moment: QuestionnaireMoment(rawValue: moment) ?? .onRequest),
            logs: URL(fileURLWithPath: logs))
        let status = try GameApp(options: options, hooks: hooks).runLoop()
        if status != 0 { throw ExitCode(status) }
    }
}
