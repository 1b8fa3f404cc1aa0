// `soundsafari reminders`: training reminders and random tinnitus prompts as per-user systemd timers.
import ArgumentParser
import Foundation
import StudyKit
import StudyRecords

struct RemindersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Remind a patient to train, and ask about the tinnitus at random times of the day.",
        discussion: """
            Installs per-user systemd timers (no root; they work while SoundSafari is closed; a time missed \
            during sleep fires once on wake). Each posts a desktop notification that names only SoundSafari; \
            clicking it opens the training or the short questionnaire.
            """,
        subcommands: [
            RemindersSetCommand.self, RemindersShowCommand.self, RemindersRemoveCommand.self,
            RemindersPlanCommand.self, RemindersNotifyCommand.self, RemindersReplanCommand.self,
        ])
}

/// Parsing shared by `set` and `plan`: usage errors name the flag and exit 64.
func usage<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ReminderError { throw ValidationError(error.description) }
}

/// The participant ID of a reminders command, checked.
func reminderParticipant(_ text: String) throws -> ParticipantID {
    if let problem = ParticipantID.problem(with: text) {
        throw ValidationError("Participant ID '\(text)': \(problem).")
    }
    return try ParticipantID(text)
}
