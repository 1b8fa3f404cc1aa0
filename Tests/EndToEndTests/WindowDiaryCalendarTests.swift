// The diary's calendar in a real window: opened from the diary, months changed by keyboard, mouse and gamepad, in
// English and in German with large text, every text inside 1280 × 720.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowDiaryCalendarTests {
        @Test func thePatientsMonthShowsTheSessionEventAndTherapyAndEveryDeviceTurnsTheMonth() async throws {
            let window = try WindowSession(name: "window-diary-calendar")
            // The sample session (26 November 2026) as the participant's session played, and their diary.
            let sample = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/sample-session")
            try FileManager.default.copyItem(
                at: sample.appendingPathComponent("P07"), to: window.logs.appendingPathComponent("P07"))
            let log = DiaryLog(logs: window.logs, participant: try ParticipantID("P07"))
            for (id, kind, name, date, end) in [
                ("E1", DiaryRow.Kind.event, "Loud concert", "2026-11-20", ""),
                ("E2", .therapy, "Hearing aids", "2026-11-24", "2026-11-27"),
            ] {
                try log.append { _ in
                    DiaryRow(
                        participant: "P07", entryID: id, version: 1, action: .add, kind: kind, name: name,
                        type: "other", date: date, endDate: end, note: "", recordedAt: Date())
                }
            }
            let catalogs = try LocalizedCommandTests.compiledCatalogs()
            defer { try? FileManager.default.removeItem(at: catalogs) }
            // The calendar opens on this month: step back to November 2026 (or on, before it).
            let now = Calendar.current.dateComponents([.year, .month], from: Date())
            let back = (now.year! * 12 + now.month!) - (2026 * 12 + 11)
            let toNovember = Array(repeating: back > 0 ? "key Left" : "key Right", count: abs(back))
            // Start → Train → My progress → My diary; in the diary, Add → Calendar.
            let open = [
                "wait menu", "key Down", "key Down", "key Down", "key Return", "wait diary", "key Down", "key Return",
                "wait next",
            ]
            let english = try await window.run(
                ["play", "--participant", "P07", "--input", "keyboard"],
                script: open + toNovember + [
                    "shot november",
                    // The mouse: the month row's right half is the next month; the gamepad's d-pad goes back.
                    "click 960 556", "wait next", "shot december", "pad attach", "wait gamepad", "button LEFT",
                    "wait next", "shot november-pad", "button B", "wait next", "shot list", "key Escape",
                    "wait menu", "key Escape",
                ], windowSize: "1280x720")
            #expect(english.status == 0, "stderr: \(english.stderr)")
            let november = try window.screenText("november")
            for said in ["My diary: calendar", "November 2026", "Mon", "Sun", "Loud concert", "Hearing aids", "● 1"] {
                #expect(november.contains(said), "“\(said)” in \(november)")
            }
            #expect(try window.screenText("december").contains("December 2026"))
            #expect(try window.screenText("november-pad").contains("November 2026"))
            #expect(try window.screenText("list").contains("Calendar: my diary and sessions by month"))

            let german = try await window.run(
                ["play", "--participant", "P07", "--input", "keyboard", "--language", "de"],
                script: open + toNovember + [
                    "key F2", "wait large-text", "shot november-de-large", "key F2", "wait next", "key Escape",
                    "wait next", "key Escape", "wait menu", "key Escape",
                ], windowSize: "1280x720", environment: ["SOUNDSAFARI_LOCALEDIR": catalogs.path])
            #expect(german.status == 0, "stderr: \(german.stderr)")
            let deutsch = try window.screenText("november-de-large")
            // Large text leaves a cell one line, beside the day's number: the event's mark and the start of its name.
            #expect(
                deutsch.contains("November 2026") && deutsch.contains("Mo") && deutsch.contains("▲ Loud"), "\(deutsch)")
            let problems = try PseudoScreens.problems(in: window.screenshots, marked: false)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
