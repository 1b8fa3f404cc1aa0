// Issue 38's input defects, played as a patient met them at 1280 × 720: the pause menu that quit on Enter, the
// diary that took no space, a held arrow that answered the end questions.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowPatientInputTests {
        /// Item 1: with the mouse as input and large text, leaving the round's relative mouse mode reported the
        /// pointer at the window's centre, over "Quit": the pause menu opened on Quit and Enter ended the session.
        @Test func thePauseMenuOpensOnResumeWhereverThePointerRests() async throws {
            let window = try WindowSession(name: "window-pause-resume")
            let photo = ["wait running", "key Space", "wait round-result", "key Return"]
            // 1280 × 720 in large text: Resume y 180–238, Recentre 245–303, Quit 310–368 (the window's centre).
            let script =
                [
                    "wait menu", "key F2", "wait large-text", "key Return", "wait headphone-check", "key Left",
                    "key Right", "wait running", "key P", "wait paused",
                    // Where SDL reports the pointer when the round lets it go: the centre, on the Quit row.
                    "point 640 360", "shot paused", "key Return", "wait running", "shot resumed",
                ] + photo
                + [
                    // A pointer that really moves still picks the row under it (P resumes).
                    "wait running", "key P", "wait paused", "point 640 360", "point 640 340", "shot pointed", "key P",
                ] + photo + ["wait summary", "key Return"]
            let output = try await window.run(
                ["play", "--participant", "PR01", "--rounds", "2", "--input", "mouse", "--seed", "7"],
                script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenText("paused").contains("Quit (everything so far is saved)"))
            let session = try #require(try window.sessionFolders(participant: "PR01").first)
            #expect(try window.trialLines(in: session).count == 2, "Enter resumed: both rounds were played")
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
            // The focused row is drawn in the focus colour, the others alike: Resume's, not Quit's under the pointer.
            // x 120: inside every row, left of its words.
            let paused = try PNGPixels(contentsOf: try window.screenshotURL("paused"))
            #expect(paused.rgb(120, 340) == paused.rgb(120, 275), "Quit is not focused")
            #expect(paused.rgb(120, 210) != paused.rgb(120, 275), "Resume is focused")
            let pointed = try PNGPixels(contentsOf: try window.screenshotURL("pointed"))
            #expect(pointed.rgb(120, 340) != pointed.rgb(120, 275), "the row the pointer moved onto is focused")
        }

        /// Item 3: in the diary's Name and Note, Space moved to the next row ("Hörgerät rechts" was saved as
        /// "Hörgerät"). A real Space press is a key and then its text, as SDL sends them while typing.
        @Test func aDiaryFieldTakesEveryPrintableKeySpaceIncluded() async throws {
            let window = try WindowSession(name: "window-diary-space")
            let script = [
                "wait menu", "key Down", "key Down", "key Down", "key Return", "wait diary", "key Return",
                "wait next",
                // Kind and type as they are; Name.
                "key Down", "key Down", "text Hörgerät", "key Space", "text  rechts", "shot name-typed",
                // Day as suggested; Note; Save.
                "key Down", "key Down", "text beide", "key Space", "text  Ohren,", "key Space", "text  neu",
                "key Down", "key Return", "wait next", "shot list", "key Escape", "wait menu", "key Escape",
            ]
            let output = try await window.run(
                ["play", "--participant", "DS01", "--input", "keyboard"], script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenText("name-typed").contains("Hörgerät rechts"))
            let rows = try DiaryLog(logs: window.logs, participant: try ParticipantID("DS01")).rows()
            #expect(rows.map(\.name) == ["Hörgerät rechts"])
            #expect(rows.map(\.note) == ["beide Ohren, neu"])
            #expect(try window.screenText("list").contains("Hörgerät rechts"))
        }

        /// Item 11: an arrow held while the last photo was taken repeats into the questions after the session and
        /// picks an answer. Its auto-repeat is not input on a screen it was not pressed on; a new press is.
        @Test func aKeyHeldFromTheLastRoundDoesNotAnswerTheEndQuestions() async throws {
            let window = try WindowSession(name: "window-held-key")
            let plan = try WindowTrainTests.tinyPlan(in: window.logs, rounds: 1)
            func skip(_ count: Int) -> [String] {
                Array(repeating: ["wait next", "key Down", "key Return"], count: count).flatMap { $0 }
            }
            let script =
                ["wait headphone-check", "key Left", "key Right", "wait ratings-before"] + skip(6)
                + [
                    "wait practice", "key Return", "wait running", "hold Right 300", "key Space", "wait round-result",
                    "key Return", "wait ratings-after", "shot shown",
                    // Right still held from the round: SDL's auto-repeat of it.
                    "repeat Right", "repeat Right", "sleep 300", "shot after-repeat",
                    // A press on this screen answers.
                    "key Right", "sleep 300", "shot after-press", "key Return",
                ] + skip(6) + ["wait summary", "key Escape"]
            let output = try await window.run(
                ["train", "--participant", "HK01", "--plan", plan.path, "--input", "keyboard", "--seed", "3"],
                script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(try window.screenshot("shown") == window.screenshot("after-repeat"), "the repeat chose nothing")
            #expect(try window.screenshot("shown") != window.screenshot("after-press"), "a new press does")
        }
        /// Item 5: a keyboard player was told "Turn: move the mouse · Photo: click" and logged as `mouse`. The
        /// footer names the device used last; each photo is logged with the device that took it.
        @Test func theFooterNamesTheDeviceUsedLastAndEachPhotoIsLoggedWithTheDeviceThatTookIt() async throws {
            let window = try WindowSession(name: "window-input-used")
            let script = [
                "wait menu", "key Return", "wait headphone-check", "key Left", "key Right",
                // Round 1 with the keys; round 2 with the mouse (turned, then a click).
                "wait running", "hold Right 300", "shot keyboard-footer", "key Space", "wait round-result",
                "key Return", "wait running", "move 300", "sleep 100", "shot mouse-footer", "click 640 360",
                "wait round-result", "key Return", "wait summary", "key Return",
            ]
            let output = try await window.run(
                ["play", "--participant", "IU01", "--rounds", "2", "--input", "mouse", "--seed", "7"],
                script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let keyboard = try window.screenText("keyboard-footer")
            #expect(keyboard.contains("Photo: Space") && !keyboard.contains("mouse"), "\(keyboard)")
            let mouse = try window.screenText("mouse-footer")
            #expect(mouse.contains("Turn: move the mouse · Photo: click"), "\(mouse)")
            let session = try #require(try window.sessionFolders(participant: "IU01").first)
            let devices = try window.trialLines(in: session).map { $0.split(separator: ",").map(String.init)[4] }
            #expect(devices == ["keyboard", "mouse"])
        }
    }
}
