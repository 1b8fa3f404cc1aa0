// The break screen between conditions: its sentence reads as English for any condition name, and its timer.
import Testing

@testable import GameUI

@Suite struct BreakWordingTests {
    @Test func theFinishedConditionIsNamedNotMadeTheSubject() {
        #expect(BreakWording.finished("Two targets") == "Well done — you have finished “Two targets”.")
        #expect(BreakWording.finished(nil) == "Well done — this part is finished.")
    }

    @Test func theTimerCountsMinutesAndSeconds() {
        #expect(BreakWording.timer(seconds: 5.9) == "0:05 so far")
        #expect(BreakWording.timer(seconds: 760) == "12:40 so far")
        #expect(BreakWording.hint.contains("Esc or P: end the session here"))
    }

    @Test func theSheetCanBeCancelledAndSaveStaysTheLastRow() {
        let sheet = ParticipantSheet.model()
        let ids = sheet.items.map(\.id)
        #expect(ids.suffix(2) == ["cancel", "submit"])
    }
}
