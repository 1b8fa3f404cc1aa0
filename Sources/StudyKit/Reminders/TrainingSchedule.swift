// When a participant trains: "Mon,Wed,Fri 18:00" (repeatable), the training reminder's calendar.
import Foundation
import StudyRecords

/// Days and a time of training, from `--training "Mon,Wed,Fri 18:00"`.
public struct TrainingSchedule: Sendable, Equatable {
    public let days: [Weekday]
    public let time: ClockTime

    public init(days: [Weekday], time: ClockTime) {
        self.days = days
        self.time = time
    }

    public static func parse(_ text: String, flag: String = "--training") throws -> TrainingSchedule {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count == 2 else {
            throw ReminderError(
                flag: flag,
                problem: "'\(text)' is not a schedule; write DAYS HH:MM, e.g. \"Mon,Wed,Fri 18:00\" or \"daily 19:30\"")
        }
        return TrainingSchedule(
            days: try Weekday.parseList(words[0], flag: flag), time: try ClockTime.parse(words[1], flag: flag))
    }

    /// systemd's calendar expression, e.g. `Mon,Wed,Fri *-*-* 18:00:00` (local time).
    public var onCalendar: String {
        "\(days.map(\.shortName).joined(separator: ",")) *-*-* \(time):00"
    }

    public var description: String { "\(days.map(\.shortName).joined(separator: ",")) \(time)" }
}
