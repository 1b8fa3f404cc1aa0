// The diary's month view: weeks from Monday, events on their day, therapies over their period, sessions counted.
import Foundation
import Testing

@testable import StudyRecords

struct DiaryCalendarTests {
    static func entry(_ id: String, _ kind: DiaryRow.Kind, _ date: String, to end: String = "") -> DiaryRow {
        DiaryRow(
            participant: "P07", entryID: id, version: 1, action: .add, kind: kind, name: "n\(id)",
            type: "other", date: date, endDate: end, note: "", recordedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func aMonthIsWholeWeeksFromMondayWithEachEntryAndSessionOnItsDays() throws {
        // 1 November 2026 is a Sunday: the first week starts on Monday 26 October; 30 days need six weeks.
        let november = try #require(DiaryCalendar.Month(text: "2026-11"))
        let calendar = DiaryCalendar(
            month: november,
            entries: [
                Self.entry("E1", .event, "2026-11-03"), Self.entry("E2", .therapy, "2026-10-30", to: "2026-11-02"),
                Self.entry("E3", .therapy, "2026-11-27"), Self.entry("E4", .event, "2026-12-01"),
            ],
            sessionDays: ["2026-11-03", "2026-11-03", "2026-11-10"], today: "2026-11-28")
        #expect(calendar.weeks.count == 6 && calendar.weeks.allSatisfy { $0.count == 7 })
        #expect(calendar.weeks[0][0].date == "2026-10-26" && !calendar.weeks[0][0].inMonth)
        #expect(calendar.weeks[0][6].date == "2026-11-01" && calendar.weeks[0][6].inMonth)
        #expect(calendar.weeks[5][6].date == "2026-12-06")
        let day = { (date: String) in calendar.weeks.flatMap { $0 }.first { $0.date == date }! }
        #expect(day("2026-11-03").events.map(\.entryID) == ["E1"] && day("2026-11-03").sessions == 2)
        #expect(day("2026-10-30").therapies.map(\.entryID) == ["E2"], "a therapy shows before the month too")
        #expect(day("2026-11-02").therapies.map(\.entryID) == ["E2"] && day("2026-11-03").therapies.isEmpty)
        // An ongoing therapy runs to today, not into days not yet lived.
        #expect(day("2026-11-28").therapies.map(\.entryID) == ["E3"] && day("2026-11-29").therapies.isEmpty)
        #expect(day("2026-12-01").events.map(\.entryID) == ["E4"] && !day("2026-12-01").inMonth)
        #expect(calendar.busyDays.map(\.date).first == "2026-11-01" && calendar.busyDays.count == 6)
        #expect(november.title(.english) == "November 2026")
    }

    @Test func monthsStepAcrossYearsAndOnlyRealMonthsAreRead() {
        #expect(DiaryCalendar.Month(text: "2026-12")?.next.text == "2027-01")
        #expect(DiaryCalendar.Month(text: "2026-01")?.previous.text == "2025-12")
        for bad in ["2026-13", "2026-1", "26-11", "2026-11-01", "２０２６-11", "2026-00", ""] {
            #expect(DiaryCalendar.Month(text: bad) == nil, "\(bad)")
        }
        // February 2021 starts on a Monday and fills exactly four weeks.
        let february = DiaryCalendar(
            month: DiaryCalendar.Month(year: 2021, month: 2)!, entries: [], sessionDays: [], today: "2021-03-01")
        #expect(february.weeks.count == 4 && february.weeks[0][0].date == "2021-02-01")
        #expect(february.busyDays.isEmpty)
    }
}
