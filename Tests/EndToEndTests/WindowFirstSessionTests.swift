// A patient's whole first training session at the window, as issue 25 asks: practice, help, pause, resume, end.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowFirstSessionTests {
        /// 1280×720 and 1920×1080, normal and large text (the participant's display.json): the practice, a search long
        /// enough for help, the call again and "skip this animal", a pause and a quit; `train` again continues the session at its round and ends on the progress screen.
        /// The screenshots (`artifacts/window-first-session-WxH/`) are the README's.
        @Test(arguments: ["1280x720", "1920x1080"], [false, true])
        func aFirstTrainingSessionIsPlayedThroughPracticeHelpPauseResumeAndEnd(size: String, largeText: Bool)
            async throws
        {
            let window = try WindowSession(name: "window-first-session-\(size)\(largeText ? "-large" : "")")
            if largeText {
                let folder = window.logs.appendingPathComponent("FS01")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try #"{"large_text": true, "high_contrast": false}"#.write(
                    to: folder.appendingPathComponent("display.json"), atomically: true, encoding: .utf8)
            }
            let plan = try WindowTrainingDefectTests.plan(in: window.logs, rounds: 3)
            var text = try String(contentsOf: plan, encoding: .utf8)
            text = text.replacingOccurrences(of: #""replay": true }"#, with: #""replay": true, "help_after_s": 5 }"#)
            try text.write(to: plan, atomically: true, encoding: .utf8)
            let arguments = [
                "train", "--participant", "FS01", "--plan", plan.path, "--input", "keyboard", "--seed", "4",
            ]
            let first = try await window.run(
                arguments,
                script: [
                    "wait headphone-check", "shot check", "key Left", "key Right", "wait practice", "hold Right 500",
                    "shot practice", "key Return", "wait running", "see Stuck?", "shot help", "key L", "hold Right 200",
                    "key K", "wait round-result", "shot skipped", "key Return", "wait running", "key P",
                    "wait paused", "shot paused", "key Up", "key Return", "wait summary", "shot paused-end",
                    "key Return",
                ], timeout: 120, windowSize: size)
            #expect(first.status == 0, "stderr: \(first.stderr)")
            let second = try await window.run(
                arguments,
                script: [
                    "wait headphone-check", "shot resumed-check", "key Left", "key Right", "wait running",
                    "hold Left 300", "key Space", "wait round-result", "shot result", "key Return", "wait running",
                    "key Space",
                    "wait round-result", "key Return", "wait summary", "shot end", "key Return",
                ], timeout: 120, windowSize: size)
            #expect(second.status == 0, "stderr: \(second.stderr)")
            #expect(second.stdout.contains("Continuing training session"), "\(second.stdout)")
            #expect(try window.screenText("resumed-check").contains("Welcome back: your session goes on at round 2"))
            #expect(try window.screenText("help").contains("Stuck? The frog is somewhere"))
            #expect(try window.screenText("help").contains("K: skip this animal"))
            #expect(try window.screenText("skipped").contains("Skipped."))
            #expect(try window.screenText("end").contains("Session complete"))
            let session = try #require(try window.sessionFolders(participant: "FS01").first)
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 3, "the practice logs nothing")
            // The skipped animal is logged as such, never as a photo: its row says so and it has no picture.
            let skipped = try TrialRow.readAll(from: session.appendingPathComponent("trials.csv")).map(\.skipped)
            #expect(skipped == [true, false, false], "\(rows)")
            #expect(!FileManager.default.fileExists(atPath: session.appendingPathComponent("round-01.png").path))
            #expect(FileManager.default.fileExists(atPath: session.appendingPathComponent("round-02.png").path))
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
        }
    }
}
