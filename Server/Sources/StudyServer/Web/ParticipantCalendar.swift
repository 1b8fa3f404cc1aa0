// The calendar of a participant's page: the month view of their diary (every machine's) and their sessions, as the
// game's calendar screen lays it out (StudyRecords' DiaryCalendar), with links to the months before and after.
import Foundation
import Localization
import StudyRecords

enum ParticipantCalendar {
    /// The month asked for (`?month=2026-11`), else the month of the newest session or diary day up to today, else
    /// today's; a month that is none is a 400 naming the parameter. `sessionDays` are `sessionDays(rows, catalog)`,
    /// worked out once for this and `values`.
    static func month(_ query: String?, rows: ParticipantPageRows, sessionDays: [String], today: String) throws
        -> DiaryCalendar.Month
    {
        if let query {
            guard let month = DiaryCalendar.Month(text: query) else {
                throw Problem.badRequest(
                    "The month month=\(query.prefix(20)) is not a month: use the form YYYY-MM, like 2026-11.")
            }
            return month
        }
        let days = (sessionDays + entries(rows).map(\.date)).filter { $0 <= today }
        return days.max().flatMap { DiaryCalendar.Month(day: $0) } ?? DiaryCalendar.Month(day: today)!
    }

    /// The diary as it stands on each machine of the site (each machine numbers its own entries).
    static func entries(_ rows: ParticipantPageRows) -> [DiaryRow] {
        rows.record.diary.flatMap { DiaryState.current($0.rows) }
    }

    /// The day each session started in the reader's zone (the site's): the patient's evening session stays on
    /// its evening's day. Diary entries carry the patient's own day already.
    static func sessionDays(_ rows: ParticipantPageRows, _ catalog: MessageCatalog) -> [String] {
        rows.sessions.map { catalog.isoDay($0.session.startedAt) }
    }

    /// The template's values of the calendar section.
    static func values(
        month: DiaryCalendar.Month, rows: ParticipantPageRows, sessionDays: [String], today: String, link: String,
        catalog: MessageCatalog
    ) -> [String: Any] {
        let calendar = DiaryCalendar(month: month, entries: entries(rows), sessionDays: sessionDays, today: today)
        func day(_ day: DiaryCalendar.Day) -> [String: Any] {
            let classes = [day.inMonth ? "" : "outside", day.date == today ? "today" : ""].filter { !$0.isEmpty }
            return [
                "number": day.number, "date": day.date,
                // false, not "", for an ordinary day: swift-mustache opens a section for any text, so `{{#class}}`
                // wrote `<td class="">` for each.
                "class": classes.isEmpty ? false : classes.joined(separator: " "),
                "hasSessions": day.sessions > 0, "sessions": day.sessions,
                "sessionsText": catalog.ngettext("{count} session", "{count} sessions", day.sessions),
                "therapies": day.therapies.map(\.name), "events": day.events.map(\.name),
            ]
        }
        return [
            "title": month.title(catalog), "zone": catalog.timeZone == .gmt ? "UTC" : catalog.timeZone.identifier,
            "previous": "\(link)?month=\(month.previous.text)#calendar-title",
            "previousTitle": month.previous.title(catalog),
            "next": "\(link)?month=\(month.next.text)#calendar-title", "nextTitle": month.next.title(catalog),
            "weekdays": DiaryCalendar.weekdayNames(catalog),
            "weeks": calendar.weeks.map { ["days": $0.map(day)] },
            "busy": calendar.busyDays.map(day), "quiet": calendar.busyDays.isEmpty,
        ]
    }
}
