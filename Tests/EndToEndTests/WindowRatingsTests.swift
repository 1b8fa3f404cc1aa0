// The questionnaire in a real window: answered by keyboard, mouse and gamepad, one question per screen, into ratings.csv.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowRatingsTests {
        @Test func aStudyWithRatingsAsksBeforeAndAfterAndStoresEveryAnswerAndSkip() async throws {
            let window = try WindowSession(name: "window-ratings")
            let protocolFile = window.logs.appendingPathComponent("rated.json")
            try #"{"name": "rated", "ratings": true, "conditions": [{"level": "one-target", "repetitions": 1}]}"#
                .write(to: protocolFile, atomically: true, encoding: .utf8)
            // 1280×720: the yes/no buttons and the slider sit at y ≈ 280; Next at (430, 522), Skip at (850, 522).
            let script = [
                "wait participant-sheet", "key 6", "key 1", "key Down", "key Down", "key Right", "key Up", "key Up",
                "key Up", "key Return", "wait headphone-check", "key Left", "key Right",
                "wait ratings-before", "click 480 285", "shot q1-yes-clicked", "click 430 522",  // 1 mouse: Yes, Next
                "wait next", "shot q2-no-knob", "key Right", "shot q2-knob", "key Return",  // 2 keys: 0.55
                "wait next", "key Down", "key Down", "key Return",  // 3 skipped with the keys
                "wait next", "key Return", "shot q4-hint", "key Right", "key Return",  // 4 SAM 6
                "wait next", "pad attach", "wait gamepad", "button RIGHT", "button LEFT", "button A",  // 5 pad: SAM 5
                "wait next", "click 910 275", "shot q6-clicked", "click 430 522",  // 6 mouse: slider at 0.8
                // (concentration, the seventh, is asked after the session only)
                "wait running", "key Space", "wait round-result", "key Return",
                "wait ratings-after", "key Left", "key Return", "key Right", "key Return", "key Left", "key Return",
                "key Right", "key Return", "key Left", "key Return", "key Right", "key Return", "key Right",
                "key Return", "wait summary", "key Return",
            ]
            let output = try await window.run(
                ["study", "--protocol", protocolFile.path, "--participant", "Q01", "--input", "keyboard"],
                script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let rows = try RatingsLog(logs: window.logs, participant: ParticipantID("Q01")).storedRows()
            let before = rows.filter { $0.moment == .before }
            let after = rows.filter { $0.moment == .after }
            #expect(before.map(\.item) == RatingItem.asked(at: .before).map(\.id))
            #expect(before.map(\.value) == [1, 0.55, nil, 6, 5, before.count > 5 ? before[5].value : nil])
            if before.count > 5 {
                #expect(abs((before[5].value ?? 0) - 0.8) < 0.01, "the click set ≈0.8: \(before[5])")
            }
            // The first ← or → of an untouched slider or SAM puts it one step that way from the middle: a first
            // press is never stored as the middle itself (issue 25).
            #expect(after.map(\.value) == [1, 0.55, 0.45, 6, 4, 0.55, 0.55])
            #expect(Set(rows.map(\.sessionIndex)) == [1])
            guard let session = try window.sessionFolders(participant: "Q01").first else {
                Issue.record("no session folder")
                return
            }
            #expect(Set(rows.compactMap(\.sessionID)) == [session.lastPathComponent])
            #expect(try window.trialLines(in: session).count == 1)
            let screens = window.screensShown()
            let order = ["headphone-check", "ratings-before", "running", "round-result", "ratings-after", "summary"]
            #expect(
                order.compactMap { screens.firstIndex(of: $0) }
                    == order.compactMap { screens.firstIndex(of: $0) }.sorted())
            #expect(order.allSatisfy(screens.contains), "\(screens)")
        }
    }
}

extension WindowTests {
    @Suite struct WindowPromptTests {
        @Test func aRemindersPromptOpensTheQuestionnaireAloneAndStoresItAsPrompt() async throws {
            let window = try WindowSession(name: "window-prompt")
            var script = ["wait ratings-prompt", "shot prompt-first"]
            for index in 0..<7 {
                script += index == 3 ? ["key Down", "key Down", "key Return"] : ["key Right", "key Return"]
            }
            let output = try await window.run(
                ["rate", "--participant", "PR1", "--prompted-at", "2026-11-23T18:07:31Z"], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let rows = try RatingsLog(logs: window.logs, participant: ParticipantID("PR1")).storedRows()
            #expect(rows.count == 7)
            #expect(rows.allSatisfy { $0.moment == .prompt && $0.sessionID == nil && $0.sessionIndex == nil })
            #expect(rows.allSatisfy { $0.promptedAt == Timestamp.parse("2026-11-23T18:07:31Z") })
            #expect(rows.map(\.value) == [0, 0.55, 0.55, nil, 6, 0.55, 0.55])
            #expect(try window.sessionFolders(participant: "PR1").isEmpty, "a prompt opens no session")
        }
    }
}
