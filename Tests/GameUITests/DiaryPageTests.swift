// "My diary" as a state machine: the list, the add form's rules, the removal question, Esc one step back.
import Foundation
import StudyRecords
import Testing

@testable import GameUI

@Suite struct DiaryPageTests {
    static let concert = DiaryRow(
        participant: "P1", entryID: "E1", version: 1, action: .add, kind: .event, name: "Concert",
        type: "noise-exposure", date: "2026-11-20", endDate: "", note: "", recordedAt: Date())
    static let today = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func theListHasARowPerEntryThenAddAndBackAndEscClosesIt() {
        var page = DiaryPage(entries: [Self.concert], today: Self.today)
        #expect(page.menu.items.map(\.id) == ["E1", "add", "calendar", "back"])
        #expect(page.menu.focusedItem?.id == "add")
        #expect(page.handle(.back) == .close)
    }

    /// The calendar opens on this month; ← → (wherever the focus is) turn the month over the months from the first
    /// entry's to this one; "Back to my diary" and Esc return to the list on its row.
    @Test func theCalendarOpensOnThisMonthAndTurnsMonthsByEveryInput() throws {
        let thisMonth = try #require(DiaryCalendar.Month(day: DiaryPage.day(Self.today)))
        var page = DiaryPage(entries: [Self.concert], today: Self.today, sessionDays: ["2026-09-03"])
        page.focus(on: "calendar")
        #expect(page.handle(.activate) == .none)
        #expect(page.mode == .calendar && page.calendarMonth == thisMonth)
        // A year back (the session in September is within it) to two months on.
        let months = (0..<14).map { offset in
            (0..<offset).reduce(DiaryCalendar.Month(year: 2025, month: 12)!) { month, _ in month.next }.text
        }
        #expect(months.first == "2025-12" && months.last == "2027-01")
        #expect(page.menu.item("month").map { $0.kind } == .choice(options: months, index: 11))
        _ = page.handle(.left)
        #expect(page.calendarMonth == thisMonth.previous)
        #expect(page.calendar?.weeks.flatMap { $0 }.first { $0.date == "2026-10-01" }?.inMonth == true)
        page.focus(on: "back")
        _ = page.handle(.left)
        #expect(page.calendarMonth?.text == "2026-09", "← turns the month from the Back row too")
        #expect(page.menu.focusedItem?.id == "month")
        #expect(page.calendar?.busyDays.map(\.date) == ["2026-09-03"], "the session's day")
        page.focus(on: "back")
        _ = page.handle(.activate)
        #expect(page.mode == .list && page.menu.focusedItem?.id == "calendar")
        _ = page.handle(.activate)
        #expect(page.handle(.back) == .none && page.mode == .list)
    }

    @Test func anEmptyNameIsSaidOnTheFormAndNothingIsAdded() {
        var page = DiaryPage(entries: [], today: Self.today)
        _ = page.handle(.activate)  // "Add an event or therapy"
        #expect(page.mode == .adding)
        page.focus(on: "save")
        #expect(page.handle(.activate) == .none)
        #expect(page.message?.contains("name") == true)
        #expect(page.menu.focusedItem?.id == "name")
    }

    @Test func aTherapyGetsItsOwnTypesAndALastDayAnEventHasNone() {
        var page = DiaryPage(entries: [], today: Self.today)
        _ = page.handle(.activate)
        #expect(page.menu.item("end")?.enabled == false)
        _ = page.handle(.right)  // kind: therapy
        #expect(page.menu.item("type").map { $0.value } == DiaryRow.therapyTypes.first)
        #expect(page.menu.item("end")?.enabled == true)
        page.focus(on: "name")
        _ = page.handle(.text("Hearing aid"))
        page.focus(on: "save")
        let outcome = page.handle(.activate)
        guard case .add(let draft) = outcome else {
            Issue.record("expected an add, got \(outcome)")
            return
        }
        #expect(draft.kind == .therapy && draft.name == "Hearing aid" && draft.date == DiaryPage.day(Self.today))
    }

    @Test func removingAsksFirstAndKeepOrEscGoesBackToTheEntry() {
        var page = DiaryPage(entries: [Self.concert], today: Self.today)
        page.focus(on: "E1")
        _ = page.handle(.activate)
        #expect(page.mode == .removing(Self.concert))
        #expect(page.handle(.back) == .none)
        #expect(page.mode == .list && page.menu.focusedItem?.id == "E1")
        _ = page.handle(.activate)
        _ = page.handle(.down)
        #expect(page.handle(.activate) == .remove("E1"))
    }

    @Test func theLogsProblemIsOneSentenceInTheWindowsWords() {
        #expect(
            DiaryPage.windowWording("--end-date 2026-11-01 is before --date 2026-11-20")
                == "The last day 2026-11-01 is before the day 2026-11-20.")
    }
}
