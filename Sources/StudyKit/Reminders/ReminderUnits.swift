// The per-user systemd timers and services of a participant's reminders, as unit file text.
import Foundation
import StudyRecords

/// The unit files `soundsafari reminders set` installs into `$XDG_CONFIG_HOME/systemd/user`. Each timer
/// starts a oneshot service that runs `soundsafari reminders notify …`, which posts the desktop notification
/// and, when it is clicked, opens the training or the questionnaire. `Persistent=true`: a time missed while the
/// computer slept or was off fires once when it is back, not once per missed time. No root is needed.
/// The notification text names only the app, never the participant (the unit names do, on the user's own disk).
public struct ReminderUnits: Sendable, Equatable {
    /// Unit file name → contents.
    public let files: [(name: String, text: String)]

    public static func == (a: ReminderUnits, b: ReminderUnits) -> Bool {
        a.files.map(\.name) == b.files.map(\.name) && a.files.map(\.text) == b.files.map(\.text)
    }

    /// Every unit name of `participant` starts with this (so `remove` finds them all).
    public static func prefix(for participant: ParticipantID) -> String { "soundsafari-reminder-\(participant.value)-" }

    /// The timers to enable, by file name.
    public var timers: [String] { files.map(\.name).filter { $0.hasSuffix(".timer") } }

    /// - Parameters:
    ///   - executable: the absolute path of `soundsafari` the services run.
    ///   - training: the training reminders (none: no training timer).
    ///   - promptTimes: the planned prompt times (none: no prompt timer); `refreshCalendar` re-plans them daily.
    ///   - logs: the logs folder the opened commands write to.
    public init(
        participant: ParticipantID, executable: String, logs: String, training: [TrainingSchedule],
        promptTimes: [Date], timeZone: TimeZone
    ) {
        let prefix = Self.prefix(for: participant)
        let base = [executable, "reminders", "notify", "--participant", participant.value, "--logs", logs]
        var files: [(String, String)] = []
        if !training.isEmpty {
            files.append(
                (
                    prefix + "training.service",
                    Self.service(
                        description: "SoundSafari training reminder", command: base + ["--kind", "training"])
                ))
            files.append(
                (
                    prefix + "training.timer",
                    Self.timer(description: "SoundSafari training reminder", calendars: training.map(\.onCalendar))
                ))
        }
        if !promptTimes.isEmpty {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            files.append(
                (
                    prefix + "prompt.service",
                    Self.service(description: "SoundSafari tinnitus question", command: base + ["--kind", "prompt"])
                ))
            files.append(
                (
                    prefix + "prompt.timer",
                    Self.timer(
                        description: "SoundSafari tinnitus questions at random times",
                        calendars: promptTimes.map { formatter.string(from: $0) })
                ))
            // The prompt times are drawn for some days ahead; each night the plan is drawn again.
            files.append(
                (
                    prefix + "replan.service",
                    Self.service(
                        description: "SoundSafari: plan the next days' tinnitus questions",
                        command: [executable, "reminders", "replan", "--participant", participant.value])
                ))
            files.append(
                (
                    prefix + "replan.timer",
                    Self.timer(
                        description: "SoundSafari: plan the next days' tinnitus questions",
                        calendars: ["*-*-* 00:05:00"])
                ))
        }
        self.files = files
    }

    static func service(description: String, command: [String]) -> String {
        """
        [Unit]
        Description=\(description)

        [Service]
        Type=oneshot
        ExecStart=\(command.map(quoted).joined(separator: " "))

        """
    }

    static func timer(description: String, calendars: [String]) -> String {
        """
        [Unit]
        Description=\(description)

        [Timer]
        \(calendars.map { "OnCalendar=\($0)" }.joined(separator: "\n"))
        Persistent=true
        AccuracySec=1s

        [Install]
        WantedBy=timers.target

        """
    }

    /// systemd's command-line quoting (systemd.service, "Command lines"; systemd.unit, "Specifiers"): every
    /// word in double quotes, in which `\\` and `\"` are the C escapes systemd undoes, and `%` and `$` doubled
    /// so systemd expands neither specifiers nor variables. Control characters cannot be quoted (a line break
    /// ends the line whatever the quotes): `ReminderSettings.check` refuses them before any unit is made.
    static func quoted(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "%", with: "%%").replacingOccurrences(of: "$", with: "$$")
        return "\"\(escaped)\""
    }
}
