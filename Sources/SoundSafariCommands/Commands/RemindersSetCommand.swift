// `soundsafari reminders set`: install a participant's training reminders and random prompts.
import ArgumentParser
import Foundation
import StudyKit
import StudyRecords

struct RemindersSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Install training reminders and random tinnitus prompts as per-user systemd timers.",
        discussion: """
            Example: soundsafari reminders set --participant P01 --training "Mon,Wed,Fri 18:00" --prompts 4 \
            --window 08:00-22:00. The units go to $XDG_CONFIG_HOME/systemd/user (~/.config/systemd/user); setting \
            again replaces the participant's earlier reminders.
            """)

    @Option(help: "Pseudonymous participant ID (e.g. P01).") var participant: String
    @Option(help: "Training days and time, e.g. \"Mon,Wed,Fri 18:00\" (repeatable).") var training: [String] = []
    @Option(help: "Random tinnitus questions per day (Track Your Tinnitus rule).") var prompts: Int?
    @Option(
        help:
            "Daily prompt window HH:MM-HH:MM, or DAYS HH:MM-HH:MM for some weekdays (repeatable; default 08:00-22:00).")
    var window: [String] = []
    @Option(help: "Days of prompt times each plan holds; re-planned every night.") var days = 7
    @Option(help: "Folder for the study logs the reminders open sessions in.", transform: LogsOption.parse) var logs =
        "StudyLogs"
    @Flag(help: "Print the unit files instead of installing them.") var dryRun = false

    func validate() throws {
        _ = try reminderParticipant(participant)
        if training.isEmpty && prompts == nil {
            throw ValidationError(
                "Give --training \"DAYS HH:MM\", --prompts N, or both: there is nothing to remind of.")
        }
        if prompts == nil && !window.isEmpty {
            throw ValidationError("--window sets when the random prompts come; give --prompts N with it.")
        }
        if !ReminderSettings.planDaysRange.contains(days) {
            throw ValidationError("--days: must be 1 to 60 (got \(days)).")
        }
        if let problem = ReminderSettings.pathProblem(logsPath) { throw ValidationError("--logs: \(problem).") }
        _ = try usage { try training.map { try TrainingSchedule.parse($0) } }
        let windows = try usage { try WeeklyPromptWindows.parse(window) }
        if let prompts { try usage { try PromptPlanner.check(prompts: prompts, windows: windows) } }
        _ = try usage { try ReminderTimeZone.current() }
    }

    /// `--logs` as the units get it: absolute, `.` and `..` resolved.
    var logsPath: String { URL(fileURLWithPath: logs).standardizedFileURL.path }

    func run() throws {
        let id = try reminderParticipant(participant)
        let settings = ReminderSettings(
            participant: id.value, logs: logsPath,
            executable: UserSystemd.executablePath, training: training, prompts: prompts ?? 0, windows: window,
            planDays: days)
        let systemd = UserSystemd()
        let units = try ReminderInstaller.units(for: settings, participant: id, now: Date())
        if dryRun {
            for file in units.files {
                print("# \(systemd.unitFolder.appendingPathComponent(file.name).path)")
                print(file.text)
            }
            return
        }
        try ReminderInstaller.install(units, settings: settings, participant: id, systemd: systemd)
        print(
            "Installed \(units.files.count) unit files in \(systemd.unitFolder.path) and enabled \(units.timers.joined(separator: ", "))."
        )
        print("See them with: soundsafari reminders show --participant \(id.value)")
    }
}

/// Planning and installing, shared by `set` and the nightly `replan`.
enum ReminderInstaller {
    /// The units of `settings`, checked as `participant`'s (a settings file names the participant it belongs to;
    /// the executable comes from it too, so it is checked before it goes into a unit).
    static func units(for settings: ReminderSettings, participant: ParticipantID, now: Date) throws -> ReminderUnits {
        try settings.check(participant: participant, where: "the reminder settings")
        let zone = try ReminderTimeZone.current()
        let training = try settings.training.map { try TrainingSchedule.parse($0) }
        let windows = try WeeklyPromptWindows.parse(settings.windows)
        var times: [Date] = []
        if settings.prompts > 0 {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            times = try PromptPlanner.plan(
                prompts: settings.prompts, windows: windows, days: settings.planDays,
                seed: UInt64.random(in: 1...UInt64.max), now: now, calendar: calendar)
        }
        let units = ReminderUnits(
            participant: participant, executable: settings.executable, logs: settings.logs, training: training,
            promptTimes: times, timeZone: zone)
        return units
    }

    static func install(
        _ units: ReminderUnits, settings: ReminderSettings, participant: ParticipantID, systemd: UserSystemd
    ) throws {
        try systemd.install(units, participant: participant)
        try settings.write(to: systemd.settingsURL(participant))
        try systemd.systemctl(["daemon-reload"])
        // restart, not start: a re-plan must load the new prompt times into a timer that is already running.
        try systemd.systemctl(["enable"] + units.timers)
        try systemd.systemctl(["restart"] + units.timers)
    }
}
