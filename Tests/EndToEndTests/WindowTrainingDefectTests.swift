// Issue 25's defects of the training window, each played as a patient met it (Xvfb, keyboard and mouse).
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowTrainingDefectTests {
        /// The example plan cut to `rounds` one-target rounds per session, without the questionnaire.
        static func plan(in folder: URL, rounds: Int) throws -> URL {
            let url = try WindowTrainTests.tinyPlan(in: folder, rounds: rounds)
            var text = try String(contentsOf: url, encoding: .utf8)
            text = text.replacingOccurrences(
                of: #""sessions_per_week": 3,"#, with: #""sessions_per_week": 3, "ratings": false,"#)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        static let round = ["wait running", "hold Right 300", "key Space", "wait round-result", "key Return"]
        static let quit = ["wait running", "key P", "wait paused", "key Up", "key Return"]

        /// Points of a session's photos from trials.csv's `hit` column (10 for a hit and 1 more per earlier hit in
        /// the run, at most 5 more; 2 for a miss), as the game counts them.
        static func points(hits: [Bool]) -> Int {
            var streak = 0
            return hits.reduce(0) { total, hit in
                streak = hit ? streak + 1 : 0
                return total + (hit ? 10 + min(max(streak - 1, 0), 5) : 2)
            }
        }

        static func hits(_ rows: [String], header: String) throws -> [Bool] {
            let column = try #require(header.split(separator: ",").firstIndex(of: "hit"))
            return rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[column] == "TRUE" }
        }

        /// Defects 1 and 2: "Session paused" and "Session complete" ignored Enter, Space and a click on Close
        /// (only Esc closed them), and the points of the photos before a resume were forgotten at the end.
        @Test func theTrainingEndScreensCloseWithSpaceAClickOrEnterAndKeepThePointsAcrossResumes() async throws {
            let window = try WindowSession(name: "window-train-close")
            let plan = try Self.plan(in: window.logs, rounds: 4)
            let arguments = [
                "train", "--participant", "TC01", "--plan", plan.path, "--input", "keyboard", "--seed", "5",
            ]
            // 1: two photos, quit; Space on "Session paused" closes the window.
            let first = try await window.run(
                arguments,
                script: ["wait headphone-check", "key Left", "key Right", "wait practice", "key Return"] + Self.round
                    + Self.round + Self.quit
                    + ["wait summary", "shot paused-end", "key Space"],
                timeout: 90, windowSize: "1280x720")
            #expect(first.status == 0, "Space on the paused end screen: \(first.stderr)")
            // 2: train continues the session; one photo, quit; a click on Close closes it (1280×720: the button
            // is centred 98 px above the bottom).
            let second = try await window.run(
                arguments,
                script: ["wait headphone-check", "key Left", "key Right"] + Self.round + Self.quit
                    + ["wait summary", "click 640 622"],
                timeout: 90, windowSize: "1280x720")
            #expect(second.status == 0, "a click on Close: \(second.stderr)")
            // 3: the last photo; Enter on "Session complete".
            let third = try await window.run(
                arguments,
                script: ["wait headphone-check", "key Left", "key Right"] + Self.round
                    + ["wait summary", "shot complete-end", "key Return"],
                timeout: 90, windowSize: "1280x720")
            #expect(third.status == 0, "Enter on the complete end screen: \(third.stderr)")

            let session = try #require(try window.sessionFolders(participant: "TC01").first)
            let text = try String(contentsOf: session.appendingPathComponent("trials.csv"), encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            let hits = try Self.hits(Array(lines.dropFirst()), header: lines[0])
            #expect(hits.count == 4)
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
            // The end screen and the terminal count every photo of the session, those before the resumes too.
            let total = Self.points(hits: hits)
            #expect(third.stdout.contains("\(total) points this session"), "stdout: \(third.stdout)")
            #expect(try window.screenText("complete-end").contains("\(total) points this session · \(total) in all."))
            let pausedPoints = Self.points(hits: Array(hits.prefix(2)))
            #expect(try window.screenText("paused-end").contains("\(pausedPoints) points this session"))
        }
    }
}

extension WindowTests.WindowTrainingDefectTests {
    /// Defects 3, 4 and 8: "Hit! (zone 61°)" beside an empty ±20° photo and "Good try." / "Well heard!" on the
    /// same screen; "Round 4 of 32" when the minutes end the session first; the plan's ID and the HRTF's name on
    /// the patient's screens.
    @Test func aTrainingResultHasOneVerdictAndItsZoneDrawnTheHeaderCountsMinutesAndNoInternalNamesShow() async throws {
        let window = try WindowSession(name: "window-train-verdict")
        let plan = try Self.plan(in: window.logs, rounds: 3)
        let round = [
            "wait running", "shot searching", "hold Right 300", "key Space", "wait round-result", "key Return",
        ]
        let output = try await window.run(
            ["train", "--participant", "TV01", "--plan", plan.path, "--input", "keyboard", "--seed", "5"],
            script: [
                "wait headphone-check", "key Left", "key Right", "wait practice", "shot practice", "hold Right 900",
                "shot practice-turned", "key Return",
            ] + round + round + round
                + ["wait summary", "key Return"],
            timeout: 90, windowSize: "1280x720")
        #expect(output.status == 0, "stderr: \(output.stderr)")
        // The first session begins with a practice: the frog shown (first as an arrow, 60° to the right), its
        // sound moving as the player turns; nothing logged.
        let practice = try window.screenText("practice")
        #expect(practice.contains("Practice — not scored") && practice.contains("frog ▶"), "\(practice)")
        #expect(try window.screenshot("practice") != window.screenshot("practice-turned"), "the view follows the turn")
        let searching = try window.screenText("searching")
        #expect(searching.contains("Round 1 · 12 min left"), "header: \(searching)")
        #expect(!searching.contains("Round 1 of"), "a round count the minutes may cut short: \(searching)")

        let results = window.allScreenTexts().filter { $0.name.hasSuffix("-round-result") }
        #expect(results.count == 3)
        for (name, text) in results {
            let verdicts = ["Hit!", "Missed.", "Good try", "Well heard", "Excellent", "Very close", "Keep practising"]
                .filter { text.contains($0) }
            #expect(verdicts.count == 1, "\(name) gives \(verdicts)")
            #expect(text.contains("zone"), "\(name) names the zone: \(text)")
        }
        // The saved picture draws the zone (lighter grass between two posts) and says the same verdict.
        let session = try #require(try window.sessionFolders(participant: "TV01").first)
        let picture = try PNGPixels(contentsOf: session.appendingPathComponent("round-01.png"))
        #expect(picture.count((105, 160, 80), x: 0..<960, y: 300..<440, tolerance: 3) > 5000, "the hit zone's grass")
        #expect(picture.count((255, 210, 63), x: 0..<960, y: 60..<300, tolerance: 3) > 600, "the zone's posts")

        // No plan ID, HRTF name or command line on any screen the patient saw.
        for (name, text) in window.allScreenTexts() {
            for word in ["localization-training", "default-48000", "HRTF", "soundsafari ", "--"] {
                #expect(!text.contains(word), "\(name) shows “\(word)”: \(text)")
            }
        }
    }
}

extension WindowTests.WindowTrainingDefectTests {
    /// Defect 5: a 644-second search had no help. After the plan's `help_after_s` the screen names the animal's
    /// side (not its direction) and L plays the call again, while the photo's time still counts from the start.
    @Test func aStuckSearchGetsTheSideAndTheCallAgainAfterThePlansSeconds() async throws {
        let window = try WindowSession(name: "window-train-help")
        let plan = try Self.plan(in: window.logs, rounds: 1)
        var text = try String(contentsOf: plan, encoding: .utf8)
        text = text.replacingOccurrences(of: #""replay": true }"#, with: #""replay": true, "help_after_s": 5 }"#)
        try text.write(to: plan, atomically: true, encoding: .utf8)
        let output = try await window.run(
            ["train", "--participant", "TH01", "--plan", plan.path, "--input", "keyboard", "--seed", "5"],
            script: [
                "wait headphone-check", "key Left", "key Right", "wait practice", "key Space", "wait running",
                "shot early", "see Stuck?",
                // A sleep, not a wait: the gap between the replay and the photo is what shows that the replay
                // does not restart the photo's time (checked below).
                "shot stuck", "key L", "sleep 300", "key Space", "wait round-result", "key Return", "wait summary",
                "key Return",
            ],
            timeout: 90, windowSize: "1280x720")
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(!(try window.screenText("early")).contains("Stuck?"), "no help before the plan's 5 s")
        let stuck = try window.screenText("stuck")
        #expect(stuck.contains("Stuck? The frog is somewhere"), "\(stuck)")
        #expect(stuck.contains("L: hear it again"), "the footer names the replay: \(stuck)")
        let help = stuck.split(separator: "\n").filter { $0.contains("Stuck?") }
        #expect(help.count == 1 && !help[0].contains("°"), "the help names a side, never the direction: \(help)")
        let session = try #require(try window.sessionFolders(participant: "TH01").first)
        let header = try String(contentsOf: session.appendingPathComponent("trials.csv"), encoding: .utf8)
            .split(separator: "\n")[0].split(separator: ",")
        let row = try #require(try window.trialLines(in: session).first).split(separator: ",")
        let column = try #require(header.firstIndex(of: "time_s"))
        let time = try #require(Double(row[column]))
        // The help shows at the plan's 5 s; the photo follows the replay by 0.3 s: a time restarted by the replay
        // would be about 0.3 s.
        #expect(time > 5.0, "the replay does not restart the photo's time: \(time)")
    }
}

extension WindowTests.WindowTrainingDefectTests {
    /// Defect 7: the SAM items were numbered boxes with "Self-Assessment Manikin, valence, 1–9", number keys did
    /// nothing, and ↓ landed on the inactive Next. Number keys answer, ↓ goes to Skip, each SAM point is a figure.
    @Test func theQuestionnaireTakesNumberKeysSkipsTheInactiveNextAndDrawsManikins() async throws {
        let window = try WindowSession(name: "window-questionnaire-keys")
        let script = [
            "wait ratings-prompt", "key 1", "shot yes-by-number", "key Return",  // 1: Yes by its number
            "wait next", "key Down", "shot down-to-skip", "key Return",  // 2: ↓ goes past the inactive Next
            "wait next", "key Down", "key Return",  // 3 skipped
            "wait next", "key 7", "shot mood-7", "key Return",  // 4: SAM 7 by its number
            "wait next", "key 7", "shot arousal-7", "key Return",  // 5: SAM 7
            "wait next", "key Down", "key Return", "wait next", "key Down", "key Return",
        ]
        let output = try await window.run(
            ["rate", "--participant", "QK1", "--prompted-at", "2026-11-23T18:07:31Z"], script: script,
            windowSize: "1280x720")
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let rows = try RatingsLog(logs: window.logs, participant: ParticipantID("QK1")).storedRows()
        #expect(rows.map(\.value) == [1, nil, nil, 7, 7, nil, nil])
        #expect(!(try window.screenText("down-to-skip")).contains("Choose an answer first"))
        #expect(!(try window.screenText("mood-7")).contains("Self-Assessment Manikin"), "no supervisor's words")
        // The chosen box (7 of 9, filled yellow) shows the item's figure: valence and arousal differ inside it.
        let mood = try PNGPixels(contentsOf: try window.screenshotURL("mood-7"))
        let arousal = try PNGPixels(contentsOf: try window.screenshotURL("arousal-7"))
        let column = 840
        let top = try #require((0..<720).first { mood.rgb(column, $0) == (255, 210, 63) }, "the chosen box")
        var differing = 0
        for y in top..<(top + 100) {
            for x in 800..<880 where mood.rgb(x, y) != arousal.rgb(x, y) { differing += 1 }
        }
        #expect(differing > 150, "the figures of valence 7 and arousal 7 differ (\(differing) pixels)")
    }
}

extension WindowTests.WindowTrainingDefectTests {
    /// Large text (F2) and high contrast (F3) are remembered with the participant: the next window opens with them.
    @Test func largeTextAndHighContrastAreRememberedForTheParticipant() async throws {
        let window = try WindowSession(name: "window-large-text")
        let plan = try Self.plan(in: window.logs, rounds: 2)
        let arguments = ["train", "--participant", "LT01", "--plan", plan.path, "--input", "keyboard", "--seed", "5"]
        let first = try await window.run(
            arguments,
            script: [
                "wait headphone-check", "shot normal", "key F2", "key F3", "wait large-text", "wait high-contrast",
                "shot large", "key Left",
                "key Right", "wait practice", "key Return", "wait running", "key P", "wait paused", "key Up",
                "key Return", "wait summary", "key Return",
            ], timeout: 90, windowSize: "1280x720")
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let file = window.logs.appendingPathComponent("LT01/display.json")
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Bool]
        #expect(stored == ["large_text": true, "high_contrast": true, "read_aloud": false])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "owner-only like every file in the participant's folder")
        let second = try await window.run(
            arguments,
            script: ["wait headphone-check", "shot remembered", "key Escape", "key Return"], timeout: 90,
            windowSize: "1280x720")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        // The title's letters are taller with large text: count its white rows.
        func titleRows(_ name: String) throws -> Int {
            let png = try PNGPixels(contentsOf: try window.screenshotURL(name))
            return (0..<110).filter { png.count((255, 255, 255), x: 400..<880, y: $0..<($0 + 1), tolerance: 12) > 0 }
                .count
        }
        #expect(try titleRows("large") > titleRows("normal") + 8)
        #expect(try titleRows("remembered") == titleRows("large"), "the next window opens with large text")
    }
}
