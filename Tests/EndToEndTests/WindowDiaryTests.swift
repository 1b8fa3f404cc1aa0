// "My diary" in a real window: added to and removed from by keyboard, mouse and gamepad, each step in diary.csv.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowDiaryTests {
        @Test func aPatientAddsATherapyAndRemovesAnEventFromTheMainMenusDiary() async throws {
            let window = try WindowSession(name: "window-diary")
            let log = DiaryLog(logs: window.logs, participant: try ParticipantID("DY01"))
            try log.append { _ in
                DiaryRow(
                    participant: "DY01", entryID: "E1", version: 1, action: .add, kind: .event, name: "Loud concert",
                    type: "noise-exposure", date: "2026-11-20", endDate: "", note: "", recordedAt: Date())
            }
            let erase = Array(repeating: "key Backspace", count: 10)
            let script =
                [
                    // Start → Train → My progress → My diary.
                    "wait menu", "key Down", "key Down", "key Down", "shot menu", "key Return", "wait diary",
                    "shot list", "key Return", "wait next", "shot add-form",
                    // Kind: therapy; type: the second; a name; a day that does not exist; Save.
                    "key Right", "key Down", "key Right", "key Down", "text Hearing-aid", "key Down",
                ] + erase + [
                    "text 2026-13-40", "key Down", "key Down", "text trial", "key Down", "key Return", "wait next",
                    "shot bad-day", "key Up", "key Up", "key Up",
                ] + erase + [
                    "text 2026-11-25", "key Down", "key Down", "key Down", "key Return", "wait next",
                    "shot list-after",
                    // A click on the concert's row asks; the gamepad answers "Remove it" and B goes back.
                    "click 640 175", "wait next", "shot remove-question", "pad attach", "wait gamepad",
                    "button DOWN", "button A", "wait next", "shot list-removed", "button B", "wait menu", "key Escape",
                ]
            let output = try await window.run(
                ["play", "--participant", "DY01", "--input", "keyboard"], script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenText("menu").contains("My diary"))
            #expect(try window.screenText("list").contains("2026-11-20 · Loud concert (noise exposure)"))
            let badDay = try window.screenText("bad-day")
            #expect(badDay.contains("The day '2026-13-40' is not a day like 2026-11-26."), "\(badDay)")
            #expect(try window.screenText("list-after").contains("2026-11-25 to now · Hearing-aid (biofeedback)"))
            #expect(try window.screenText("remove-question").contains("2026-11-20 · Loud concert"))
            #expect(!(try window.screenText("list-removed").contains("Loud concert")))
            let rows = try log.rows()
            #expect(rows.map(\.entryID) == ["E1", "E2", "E1"])
            #expect(rows.map(\.action) == [.add, .add, .remove])
            #expect(rows[1].kind == .therapy && rows[1].date == "2026-11-25" && rows[1].note == "trial")
            #expect(DiaryState.current(rows).map(\.entryID) == ["E2"])
        }
    }
}
