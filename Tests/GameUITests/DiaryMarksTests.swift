// Diary entries on the progress chart's session axis: a day between two sessions in proportion, therapies as periods.
import Foundation
import StudyRecords
import Testing

@testable import GameUI

struct DiaryMarksTests {
    static func day(_ text: String) -> Date { DiaryRow.day(text)! }

    static func entry(_ id: String, _ kind: DiaryRow.Kind, _ date: String, end: String = "") -> DiaryRow {
        DiaryRow(
            participant: "P1", entryID: id, version: 1, action: .add, kind: kind, name: id,
            type: kind == .event ? "appointment" : "sport", date: date, endDate: end, recordedAt: day("2026-01-01"))
    }

    /// Sessions on 1, 3 and 11 January: the axis has them at 0, 0.5 and 1.
    static let sessions = [day("2026-01-01"), day("2026-01-03"), day("2026-01-11")]

    @Test func anEventBetweenTwoSessionsSitsBetweenThemInProportionToTheDays() {
        let marks = DiaryMarks(
            entries: [Self.entry("E1", .event, "2026-01-02"), Self.entry("E2", .event, "2026-01-05")],
            sessionDates: Self.sessions
        ).marks
        #expect(marks.map(\.start) == [0.25, 0.5 + 0.5 * 2 / 8])
        #expect(marks.allSatisfy { $0.start == $0.end })
    }

    @Test func entriesOutsideTheSessionsSitAtTheEndsAndAnOngoingTherapyRunsToTheRight() {
        let marks = DiaryMarks(
            entries: [
                Self.entry("E1", .event, "2025-12-01"), Self.entry("E2", .therapy, "2026-01-02"),
                Self.entry("E3", .therapy, "2025-06-01", end: "2025-07-01"), Self.entry("E4", .event, "2026-02-01"),
            ], sessionDates: Self.sessions
        ).marks
        #expect(marks[0].start == 0)
        #expect(marks[1].start == 0.25 && marks[1].end == 1, "ongoing")
        #expect(marks[2].start == 0 && marks[2].end == 0, "ended before the first session")
        #expect(marks[3].start == 1)
        #expect(ProgressChart.diaryLegend(DiaryMarks(entries: [], sessionDates: Self.sessions)) == nil)
    }
}
