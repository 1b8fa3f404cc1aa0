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
            let url = folder.appendingPathComponent("tiny-plan.json")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }

        @Test func trainPlaysThePlansSessionWithFeedbackAndEndsOnTheProgressChart() throws {
            let window = try WindowSession(name: "window-train")
            let plan = try Self.tinyPlan(in: window.logs, rounds: 2)
            let round = ["wait running", "hold Right 300", "key Space", "wait round-result", "key Return"]
            let script =
                ["wait headphone-check", "key Left", "key Right"] + round + round + ["wait summary", "key Escape"]
            let output = try window.run(
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
            for screen in ["headphone-check", "running", "round-result", "summary"] {
                #expect(screens.contains(screen), "no screenshot of \(screen): \(screens)")
            }
        }

        @Test func theMainMenuShowsTheParticipantsProgress() throws {
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
            let output = try window.run(["play", "--input", "keyboard"], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(window.screensShown().contains("progress"))
            #expect(SimulateRun.isPNG(window.logs.appendingPathComponent("PR01/progress.png")))
        }
    }
}
