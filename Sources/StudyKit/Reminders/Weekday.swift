// Days of the week as people write them in reminder settings ("Mon,Wed,Fri", "Mon-Fri").
import Foundation
import StudyRecords

/// A day of the week; `rawValue` is Foundation's `Calendar` weekday (1 = Sunday … 7 = Saturday).
public enum Weekday: Int, Sendable, CaseIterable, Codable, Comparable {
    case sunday = 1
    case monday, tuesday, wednesday, thursday, friday, saturday

    /// Monday first, as a week is written in the settings and in systemd's calendar expressions.
    public static let weekOrder: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    /// "Mon", the spelling systemd's OnCalendar= uses too.
    public var shortName: String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][rawValue - 1]
    }

    public static func < (a: Weekday, b: Weekday) -> Bool {
        weekOrder.firstIndex(of: a)! < weekOrder.firstIndex(of: b)!
    }

    /// Parses "Mon,Wed,Fri", "Mon-Fri", "Sat,Sun" or "daily" (case-insensitive; ranges go Monday → Sunday).
    public static func parseList(_ text: String, flag: String) throws -> [Weekday] {
        if text.lowercased() == "daily" { return weekOrder }
        var days: [Weekday] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(ends.count) else { throw badDay(String(part), flag: flag) }
            let first = try day(ends[0], flag: flag)
            let last = try day(ends[ends.count - 1], flag: flag)
            guard let from = weekOrder.firstIndex(of: first), let to = weekOrder.firstIndex(of: last), from <= to else {
                throw ReminderError(
                    flag: flag, problem: "the day range '\(part)' runs backwards; write it Monday first, e.g. Mon-Fri")
            }
            for day in weekOrder[from...to] where !days.contains(day) { days.append(day) }
        }
        return days.sorted()
    }

    private static func day(_ text: String, flag: String) throws -> Weekday {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard key.count >= 3, let day = allCases.first(where: { $0.shortName.lowercased() == String(key.prefix(3)) })
        else { throw badDay(text, flag: flag) }
        return day
    }

    private static func badDay(_ text: String, flag: String) -> ReminderError {
        ReminderError(
            flag: flag,
            problem: "'\(text)' is not a day; write days as Mon,Tue,Wed,Thu,Fri,Sat,Sun, a range Mon-Fri, or daily")
    }
}
