// A month of the diary as a calendar: the events of each day, the therapies running on it and the sessions played,
// the one layout the game's calendar screen and the participant's dashboard page both draw.
import Foundation
import Localization

/// Weeks from Monday to Sunday covering one month, each day with its diary entries and sessions. Days are calendar
/// days `YYYY-MM-DD` as the diary writes them (the patient's own day); the caller gives each session's day (the
/// game: in the computer's time zone; the server, which knows none: UTC).
public struct DiaryCalendar: Sendable, Equatable {
    /// A calendar month of the Gregorian calendar.
    public struct Month: Sendable, Hashable, Comparable {
        public let year: Int
        /// 1 to 12.
        public let month: Int

        public init?(year: Int, month: Int) {
            guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
            self.year = year
            self.month = month
        }

        /// The month of a day `YYYY-MM-DD` (nil when it is not a real day).
        public init?(day: String) {
            guard DiaryRow.day(day) != nil, let year = Int(day.prefix(4)), let month = Int(day.dropFirst(5).prefix(2))
            else { return nil }
            self.init(year: year, month: month)
        }

        /// `2026-11`: the form an address carries (`?month=2026-11`); nil for anything else.
        public init?(text: String) {
            guard text.utf8.count == 7, let month = Month(day: text + "-01") else { return nil }
            self = month
        }

        public var text: String { String(format: "%04d-%02d", year, month) }
        public var next: Month {
            month == 12 ? Month(year: year + 1, month: 1) ?? self : Month(year: year, month: month + 1)!
        }
        public var previous: Month {
            month == 1 ? Month(year: year - 1, month: 12) ?? self : Month(year: year, month: month - 1)!
        }

        public static func < (lhs: Month, rhs: Month) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

        /// "November 2026", "November 2026" in German ("Dezember", "März"…): the calendar's title.
        public func title(_ catalog: MessageCatalog = .process) -> String {
            catalog.gettext(
                "{month} {year}", ["month": DiaryCalendar.monthName(month, catalog), "year": String(year)])
        }
    }

    public struct Day: Sendable, Equatable {
        /// `YYYY-MM-DD`.
        public let date: String
        /// Its number in its month, 1 to 31.
        public let number: Int
        /// False for the days of the month before or after that fill the first and last week.
        public let inMonth: Bool
        /// Events of this day.
        public let events: [DiaryRow]
        /// Therapies running on this day (from their first day to their last, an ongoing one up to today).
        public let therapies: [DiaryRow]
        /// Sessions started on this day.
        public let sessions: Int

        public var isEmpty: Bool { events.isEmpty && therapies.isEmpty && sessions == 0 }
    }

    public let month: Month
    /// Four to six weeks of seven days, Monday first.
    public let weeks: [[Day]]

    /// `entries`: the diary as it stands (`DiaryState.current`); `sessionDays`: one day per session; `today`: where an
    /// ongoing therapy ends (it runs to the last day given, never into days not yet lived).
    public init(month: Month, entries: [DiaryRow], sessionDays: [String], today: String) {
        self.month = month
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = DiaryRow.day(String(format: "%04d-%02d-01", month.year, month.month))!
        // Monday = 0 … Sunday = 6 (Calendar's weekday: Sunday = 1).
        let lead = (calendar.component(.weekday, from: first) + 5) % 7
        let length = calendar.range(of: .day, in: .month, for: first)!.count
        let weekCount = (lead + length + 6) / 7
        var sessions: [String: Int] = [:]
        for day in sessionDays { sessions[day, default: 0] += 1 }
        weeks = (0..<weekCount).map { week in
            (0..<7).map { weekday in
                let date = calendar.date(byAdding: .day, value: week * 7 + weekday - lead, to: first)!
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                let text = CivilTime.isoDay(year: parts.year!, month: parts.month!, day: parts.day!)
                return Day(
                    date: text, number: parts.day!, inMonth: parts.month == month.month,
                    events: entries.filter { $0.kind == .event && $0.date == text },
                    therapies: entries.filter {
                        $0.kind == .therapy && $0.date <= text && text <= ($0.endDate.isEmpty ? today : $0.endDate)
                    }, sessions: sessions[text] ?? 0)
            }
        }
    }

    /// The month's days that hold something, in order (what a screen reader or a narrow page lists).
    public var busyDays: [Day] { weeks.flatMap { $0 }.filter { $0.inMonth && !$0.isEmpty } }

    /// The month's name in the catalog's language.
    public static func monthName(_ month: Int, _ catalog: MessageCatalog = .process) -> String {
        switch month {
        case 1: catalog.gettext("January")
        case 2: catalog.gettext("February")
        case 3: catalog.gettext("March")
        case 4: catalog.gettext("April")
        case 5: catalog.gettext("May")
        case 6: catalog.gettext("June")
        case 7: catalog.gettext("July")
        case 8: catalog.gettext("August")
        case 9: catalog.gettext("September")
        case 10: catalog.gettext("October")
        case 11: catalog.gettext("November")
        default: catalog.gettext("December")
        }
    }

    /// The weekdays' short names, Monday first.
    public static func weekdayNames(_ catalog: MessageCatalog = .process) -> [String] {
        [
            catalog.gettext("Mon"), catalog.gettext("Tue"), catalog.gettext("Wed"), catalog.gettext("Thu"),
            catalog.gettext("Fri"), catalog.gettext("Sat"), catalog.gettext("Sun"),
        ]
    }
}
