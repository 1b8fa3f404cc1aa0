// A time of day as written in reminder settings ("18:00").
import Foundation
import StudyRecords

/// Hours and minutes of a day, 00:00 … 23:59 (24:00 is accepted as the end of a window).
public struct ClockTime: Sendable, Equatable, Comparable, Codable, CustomStringConvertible {
    public let minutes: Int

    public init(minutes: Int) { self.minutes = minutes }

    public static func parse(_ text: String, flag: String, allowEndOfDay: Bool = false) throws -> ClockTime {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), (0..<60).contains(minutes),
            (0..<24).contains(hours) || (allowEndOfDay && hours == 24 && minutes == 0)
        else {
            throw ReminderError(flag: flag, problem: "'\(text)' is not a time of day; write it as HH:MM, e.g. 18:00")
        }
        return ClockTime(minutes: hours * 60 + minutes)
    }

    public var description: String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.minutes < b.minutes }
}
