// Training in a real window under Xvfb: `train` plays the plan's session with feedback, and the menu shows progress.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowTrainTests {
        /// The example plan cut to `rounds` one-target rounds per session.
        static func tinyPlan(in folder: URL, rounds: Int) throws -> URL {
            let example = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan.json")
            var text = try String(contentsOf: example, encoding: .utf8)
            let start = try #require(text.range(of: #""conditions": ["#))
            let end = try #require(text.range(of: "]\n  },\n  \"adaptive\""))
            text.replaceSubrange(
                start.lowerBound..<end.lowerBound,
                with: #""conditions": [ { "level": "one-target", "targets": ["frog"], "repetitions": \#(rounds) } "#)
            // A plan of `rounds` rounds: its sessions end after them, not after the example's 12 minutes.
            text = text.replacingOccurrences(
                of: #""sessions_per_week": 3,"#, with: #""sessions_per_week": 3, "repeat_rounds": false,"#)
            let url = folder.appendingPathComponent("tiny-plan.json")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        @Test func trainPlaysThePlansSessionWithFeedbackAndEndsOnTheProgressChart() async throws {
            let window = try WindowSession(name: "window-train")
            let plan = try Self.tinyPlan(in: window.logs, rounds: 2)
            let round = ["wait running", "hold Right 300", "key Space", "wait round-result", "key Return"]
            // train asks the tinnitus questionnaire before and after (the plan's `ratings`, on by default): six
            // questions before (concentration comes after only), seven after, each skipped with the keys (Down to
            // Skip: Next is inactive without an answer; Return).
            func skip(_ count: Int) -> [String] {
                Array(repeating: ["wait next", "key Down", "key Return"], count: count).flatMap { $0 }
            }
            let script =
                ["wait headphone-check", "key Left", "key Right", "wait ratings-before"] + skip(6)
                + ["wait practice", "key Return"] + round + round
                + ["wait ratings-after"] + skip(7) + ["wait summary", "key Escape"]
            let output = try await window.run(
                ["train", "--participant", "TR01", "--plan", plan.path, "--input", "keyboard", "--seed", "3"],
                script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout.contains("session 1 (about 12 minutes) is due today"))
            let sessions = try window.sessionFolders(participant: "TR01")
            #expect(sessions.count == 1)
            guard let session = sessions.first else { return }
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { $0.contains(",localization-training-10x12,hit_tolerance_deg,") })
            #expect(
                rows.first?.contains(",hit_tolerance_deg,45.000,") == true,
                "the first photo is judged at the start value")
            let json = try window.sessionJSON(in: session)
            #expect((json["plan"] as? [String: Any])?["session"] as? Int == 1)
            #expect(json["session_index"] as? Int == 1)
            #expect(json["completed"] as? Bool == true)
            let progress = window.logs.appendingPathComponent("TR01/progress.png")
            #expect(SimulateRun.isPNG(progress))
            let screens = window.screensShown()
            // Skipped answers are stored empty, never as a default value: 6 before and 7 after.
            let ratings = try String(
                contentsOf: window.logs.appendingPathComponent("TR01/ratings.csv"), encoding: .utf8
            ).split(separator: "\n").dropFirst()
            #expect(ratings.count == 13)
            #expect(ratings.allSatisfy { $0.contains(",TRUE,") || $0.hasSuffix(",TRUE") }, "\(ratings)")
            for screen in ["headphone-check", "ratings-before", "running", "round-result", "ratings-after", "summary"] {
                #expect(screens.contains(screen), "no screenshot of \(screen): \(screens)")
            }
        }

        /// The SNR plan with a long name, one two-target round and no questionnaire: a photo far off gives the
        /// longest feedback, and the end screen names the plan (screenshots to look at: the text must stay
        /// inside the window and above the button at 1280×720).
        @Test func theSNRPlanShowsItsBackgroundLevelAndLongTextsFitTheScreens() async throws {
            let window = try WindowSession(name: "window-train-snr")
            let example = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan-snr.json")
            var text = try String(contentsOf: example, encoding: .utf8)
            text = text.replacingOccurrences(
                of: #""name": "snr-training-10x12","#,
                with:
                    #""name": "localization-in-noise-for-the-tinnitus-clinic-2026-autumn-group", "ratings": false, "repeat_rounds": false,"#
            )
            let start = try #require(text.range(of: #""conditions": ["#))
            let end = try #require(text.range(of: "]\n  },\n  \"adaptive\""))
            text.replaceSubrange(
                start.lowerBound..<end.lowerBound,
                with:
                    #""conditions": [ { "level": "two-targets-background", "targets": ["frog", "bluejay"], "background_sound": "ambience", "repetitions": 1 } "#
            )
            let plan = window.logs.appendingPathComponent("snr-plan.json")
            try text.write(to: plan, atomically: true, encoding: .utf8)
            let photo = ["hold Left 1400", "key Space"]
            let script =
                ["wait headphone-check", "key Left", "key Right", "wait practice", "key Return", "wait running"] + photo
                + ["wait intermediate", "key Return", "wait running"] + photo
                + ["wait round-result", "key Return", "wait summary", "key Escape"]
            let output = try await window.run(
                ["train", "--participant", "SN01", "--plan", plan.path, "--input", "keyboard", "--seed", "3"],
                script: script, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let session = try #require(try window.sessionFolders(participant: "SN01").first)
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { $0.contains(",background_gain_db,-20.000,") }, "\(rows)")
            let json = try window.sessionJSON(in: session)
            #expect(json["ended_by"] as? String == "all_targets")
            #expect((json["played_s"] as? Double ?? 0) > 0)
            for screen in ["intermediate", "round-result", "summary"] {
                #expect(window.screensShown().contains(screen), "no screenshot of \(screen)")
            }
        }

        @Test func theMainMenuShowsTheParticipantsProgress() async throws {
            let window = try WindowSession(name: "window-progress")
            let plan = try Self.tinyPlan(in: window.logs, rounds: 3)
            let simulated = try SoundSafariBinary.run([
                "simulate", "--plan", plan.path, "--sessions", "4", "--bot", "learner", "--participant", "PR01",
                "--logs", window.logs.path,
            ])
            #expect(simulated.status == 0, "simulate failed: \(simulated.stderr)")
            let script =
                ["wait menu", "text PR01"] + Array(repeating: "key Down", count: 8)
                + ["key Return", "wait progress", "key Return", "wait menu", "key Escape"]
            let output = try await window.run(["play", "--input", "keyboard"], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(window.screensShown().contains("progress"))
            #expect(SimulateRun.isPNG(window.logs.appendingPathComponent("PR01/progress.png")))
        }
    }
}
