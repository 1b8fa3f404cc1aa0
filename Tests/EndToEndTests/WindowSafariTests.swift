// The safari's scenes in the window: the main menu lists them open and locked, the end screen says what opens next.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowSafariTests {
        /// Two sessions of a 10-session plan of eight photos each (the farm's milestone: 2 sessions, 64 points) open
        /// the farm; the menu shows the pond and the farm open and the rest locked with their milestones, and the
        /// third session's end screen names the next scene to reach.
        @Test func theMenuListsTheScenesOpenAndLockedAndTheEndScreenNamesTheNext() async throws {
            let window = try WindowSession(name: "window-safari")
            let plan = try WindowTests.WindowTrainingDefectTests.plan(in: window.logs, rounds: 8)
            let simulated = try SoundSafariBinary.run([
                "simulate", "--plan", plan.path, "--bot", "learner", "--participant", "SF01", "--seed", "3",
                "--logs", window.logs.path, "--sessions", "2",
            ])
            #expect(simulated.status == 0, "\(simulated.stderr)")
            #expect(simulated.stdout.contains("New scene open: the Farm!"), "\(simulated.stdout)")

            let menu = try await window.run(
                ["play", "--input", "keyboard"], script: ["wait menu", "text SF01", "shot menu-safari", "key Escape"],
                windowSize: "1280x720")
            #expect(menu.status == 0, "stderr: \(menu.stderr)")
            let text = try window.screenText("menu-safari")
            #expect(
                text.contains(
                    "Safari: Pond ✓ · Farm ✓ · Forest (locked: 4 sessions, 128 points) · Coast (locked: 6 sessions, "
                        + "192 points) · Savannah (locked: 8 sessions, 256 points)"), "\(text)")

            // The same list in German.
            let german = try await window.run(
                ["play", "--input", "keyboard", "--language", "de"],
                script: ["wait menu", "text SF01", "shot menu-safari-de", "key Escape"], windowSize: "1280x720")
            #expect(german.status == 0, "stderr: \(german.stderr)")
            let deutsch = try window.screenText("menu-safari-de")
            #expect(
                deutsch.contains("Safari: Teich ✓ · Bauernhof ✓ · Wald (noch gesperrt: 4 Sitzungen, 128 Punkte)"),
                "\(deutsch)")

            // The plan's calendar would keep session 3 for a later day (simulate ignores it, train does not): the
            // assignment is moved a month back, so the sessions are due.
            let assignment = window.logs.appendingPathComponent("SF01/plan-001.json")
            var stored = try String(contentsOf: assignment, encoding: .utf8)
            let assignedAt = try #require(stored.range(of: #""assigned_at" *: *"[^"]*""#, options: .regularExpression))
            stored.replaceSubrange(assignedAt, with: #""assigned_at": "2026-01-05T10:00:00.000Z""#)
            try stored.write(to: assignment, atomically: true, encoding: .utf8)

            let round = WindowTests.WindowTrainingDefectTests.round
            let script =
                ["wait headphone-check", "key Left", "key Right"] + Array(repeating: round, count: 8).flatMap { $0 }
                + ["wait summary", "shot end-safari", "key Return"]
            let train = try await window.run(
                ["train", "--participant", "SF01", "--plan", plan.path, "--input", "keyboard", "--seed", "3"],
                script: script, timeout: 120, windowSize: "1280x720")
            #expect(train.status == 0, "stderr: \(train.stderr)")
            let end = try window.screenText("end-safari")
            #expect(end.contains("Next: the Forest opens after 4 sessions and 128 points (you have 3 and"), "\(end)")
            // No recorded calls in this test's data folder: the farm's session plays the plan's frog, said once.
            #expect(train.stderr.contains("The Farm has 0 recorded animal calls"), "\(train.stderr)")
            let json = try window.sessionJSON(in: try #require(try window.sessionFolders(participant: "SF01").last))
            #expect(json["scene"] as? String == "farm")
        }
    }
}
