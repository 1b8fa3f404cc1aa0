// `soundsafari reminders show` and `remove`: what is installed for a participant, and taking it away.
import ArgumentParser
import Foundation
import StudyKit
import StudyRecords

struct RemindersShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a participant's reminders: settings, unit files and the next prompt times."
    )

    @Option(help: "Pseudonymous participant ID.") var participant: String

    func validate() throws { _ = try reminderParticipant(participant) }

    func run() throws {
        let id = try reminderParticipant(participant)
        let systemd = UserSystemd()
        let units = systemd.installedUnits(id)
        guard !units.isEmpty else {
            print("No reminders are installed for \(id.value) in \(systemd.unitFolder.path).")
            return
        }
        let settingsURL = systemd.settingsURL(id)
        // A tampered file is said (and the exit is 1), never skipped: the units may run what it says.
        if FileManager.default.fileExists(atPath: settingsURL.path) {
            let settings = try ReminderSettings.read(settingsURL, participant: id)
            for schedule in settings.training { print("Training: \(schedule)") }
            if settings.prompts > 0 {
                let windows = settings.windows.isEmpty ? ["08:00-22:00"] : settings.windows
                print("Random prompts: \(settings.prompts) a day in \(windows.joined(separator: "; "))")
            }
            print("Opens sessions with logs in \(settings.logs)")
            if !FileManager.default.isExecutableFile(atPath: settings.executable) {
                print(
                    "Warning: the reminders run \(settings.executable), which is no longer there: run soundsafari reminders set again to point them at this soundsafari."
                )
            }
        }
        print("Unit files in \(systemd.unitFolder.path):")
        for name in units { print("  \(name)") }
        let now = Date()
        let zone = try ReminderTimeZone.current()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let promptTimer = systemd.unitFolder.appendingPathComponent(ReminderUnits.prefix(for: id) + "prompt.timer")
        if let text = try? String(contentsOf: promptTimer, encoding: .utf8) {
            let upcoming = text.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }
                .compactMap { formatter.date(from: String($0.dropFirst("OnCalendar=".count))) }.filter { $0 > now }
            print("Next prompts:")
            for time in upcoming.prefix(8) { print("  \(PromptPlanner.localISO8601(time, timeZone: zone))") }
        }
    }
}

struct RemindersRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Stop and delete a participant's reminders.")

    @Option(help: "Pseudonymous participant ID.") var participant: String

    func validate() throws { _ = try reminderParticipant(participant) }

    func run() throws {
        let id = try reminderParticipant(participant)
        let systemd = UserSystemd()
        let units = systemd.installedUnits(id)
        guard !units.isEmpty else {
            print("No reminders are installed for \(id.value) in \(systemd.unitFolder.path); nothing to remove.")
            return
        }
        let timers = units.filter { $0.hasSuffix(".timer") }
        // Disabling first: a timer left running after its file is gone would still fire until the next reload.
        var stopped = true
        do { try systemd.systemctl(["disable", "--now"] + timers) } catch {
            stopped = false
            FileHandle.standardError.write(Data("note: \(error)\n".utf8))
        }
        for name in units { try FileManager.default.removeItem(at: systemd.unitFolder.appendingPathComponent(name)) }
        try? FileManager.default.removeItem(at: systemd.settingsURL(id))
        if stopped { try systemd.systemctl(["daemon-reload"]) }
        print("Removed \(units.count) unit files of \(id.value) from \(systemd.unitFolder.path).")
    }
}
