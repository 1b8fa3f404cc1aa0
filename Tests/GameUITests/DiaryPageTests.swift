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
        #expect(page.menu.items.map(\.id) == ["E1", "add", "back"])
        #expect(page.menu.focusedItem?.id == "add")
        #expect(page.handle(.back) == .close)
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
