// `soundsafari reminders notify` and `replan`: what the installed timers run (not typed by people).
import ArgumentParser
import Foundation
import Localization
import StudyKit
import StudyRecords

struct RemindersNotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Post a reminder notification and open the training or the questionnaire when it is clicked.",
        discussion: "Run by the reminder timers. The notification names only SoundSafari, never the participant.")

    enum Kind: String, ExpressibleByArgument { case training, prompt }

    @Option(help: "Pseudonymous participant ID.") var participant: String
    @Option(help: "training or prompt.") var kind: Kind
    @Option(help: "Folder for the study logs.", transform: LogsOption.parse) var logs = "StudyLogs"

    func validate() throws { _ = try reminderParticipant(participant) }

    @OptionGroup var language: LanguageOption

    /// The notification's text in the active language: the app's name and what to do, nothing about who.
    static func message(_ kind: Kind) -> (title: String, body: String, action: String) {
        switch kind {
        case .training:
            (
                "SoundSafari",
                // TRANSLATORS: a desktop notification from the reminder timer; clicking it opens the training.
                Translation.gettext("Time for your listening training."),
                // TRANSLATORS: the notification's button.
                Translation.gettext("Start training")
            )
        case .prompt:
            (
                "SoundSafari",
                // TRANSLATORS: a desktop notification at a random time; clicking it opens the tinnitus questions.
                Translation.gettext("A few quick questions: how is your tinnitus right now?"),
                // TRANSLATORS: the notification's button.
                Translation.gettext("Answer")
            )
        }
    }

    /// The command a click opens, for this participant and logs folder.
    func openedCommand(promptedAt: Date) -> [String] {
        switch kind {
        case .training: ["train", "--participant", participant, "--logs", logs]
        case .prompt:
            ["rate", "--participant", participant, "--logs", logs, "--prompted-at", Timestamp.format(promptedAt)]
        }
    }

    func run() throws {
        // The timer gives no flag: the participant's remembered language, else the user session's environment.
        try language.activate(logs: URL(fileURLWithPath: logs), participant: participant)
        let promptedAt = Date()
        let text = Self.message(kind)
        let notify = Process()
        notify.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        notify.arguments = [
            "notify-send", "--app-name=SoundSafari", "--action=open=\(text.action)", text.title, text.body,
        ]
        let output = Pipe()
        notify.standardOutput = output
        do { try notify.run() } catch {
            throw ValidationErrorMessage(
                "notify-send cannot be started (\(error)); install libnotify-bin (scripts/install-deps.sh)")
        }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        notify.waitUntilExit()
        guard notify.terminationStatus == 0 else {
            throw ValidationErrorMessage(
                "notify-send failed with status \(notify.terminationStatus); is a desktop notification service running?"
            )
        }
        guard answer.trimmingCharacters(in: .whitespacesAndNewlines) == "open" else { return }  // dismissed
        let open = Process()
        open.executableURL = URL(fileURLWithPath: UserSystemd.executablePath)
        open.arguments = openedCommand(promptedAt: promptedAt)
        try open.run()
        open.waitUntilExit()
    }
}

struct RemindersReplanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replan",
        abstract: "Draw the next days' prompt times again from the saved settings (the nightly timer runs this).")

    @Option(help: "Pseudonymous participant ID.") var participant: String

    func validate() throws { _ = try reminderParticipant(participant) }

    func run() throws {
        let id = try reminderParticipant(participant)
        let systemd = UserSystemd()
        let settings = try ReminderSettings.read(systemd.settingsURL(id), participant: id)
        let units = try ReminderInstaller.units(for: settings, participant: id, now: Date())
        try ReminderInstaller.install(units, settings: settings, participant: id, systemd: systemd)
        print("Planned the prompts of the next \(settings.planDays) days for \(id.value).")
    }
}

/// A failure of an outside program, said in one sentence.
struct ValidationErrorMessage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
