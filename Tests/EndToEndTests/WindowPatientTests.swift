// A patient and a supervisor at the real window (Xvfb): issue 16's screens, played as they would play them.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowPatientTests {
        @Test func aPatientWithOneDeafEarPlaysOneTargetOverTheBackgroundSeesTheTurnAndPlaysAgain() async throws {
            let window = try WindowSession(name: "window-patient")
            let script = [
                // Menu: Start has the focus; up to "Background sound", switch it on, the mode stays "one target".
                "wait menu", "key Up", "key Up", "key Up", "key Up", "key Right", "shot menu-background-on",
                "key Down", "key Down", "key Down", "key Down", "key Return",
                // Headphone check: the right sound is not heard; the check says what to try; continue anyway.
                "wait headphone-check", "key Left", "key N", "shot check-cannot-hear", "key Return",
                // The viewfinder's compass strip moves while the player turns.
                "wait running", "shot running-ahead", "hold Right 1200", "wait next", "shot running-turned",
                "key Space", "wait round-result", "shot one-target-result", "key Return",
                // The summary offers "Play again" (above the focused "Close").
                "wait summary", "shot summary-buttons", "key Up", "key Return",
                "wait menu", "key Return",
                // Escape on the check asks first; Escape again goes back to it.
                "wait headphone-check", "key Escape", "shot check-quit-question", "key Escape",
                "key Left", "key Right",
                "wait running", "key Space", "wait round-result", "key Return",
                "wait summary", "key Return",
            ]
            let output = try await window.run(
                [
                    "play", "--participant", "PT01", "--mode", "one-target", "--rounds", "1",
                    "--input", "keyboard", "--seed", "3",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(
                try window.screenshot("running-ahead") != window.screenshot("running-turned"), "the view shows the turn"
            )
            #expect(try window.screenshot("check-quit-question") != window.screenshot("check-cannot-hear"))
            let sessions = try window.sessionFolders(participant: "PT01")
            #expect(sessions.count == 2, "Play again started a second session")
            for session in sessions {
                let rows = try window.trialLines(in: session)
                #expect(rows.count == 1)
                #expect(rows.allSatisfy { $0.contains(",one-target-background,TRUE,") }, "rows: \(rows)")
            }
            // The terminal says where each session is and how it went.
            #expect(output.stdout.components(separatedBy: "Session folder: ").count == 3, "stdout: \(output.stdout)")
            #expect(output.stdout.contains("1 photo logged in"), "stdout: \(output.stdout)")
        }

        @Test func aPatientWhoQuitContinuesTheSameSessionFromTheSummary() async throws {
            let window = try WindowSession(name: "window-continue")
            let script = [
                "wait menu", "key Return", "wait headphone-check", "key Left", "key Right",
                "wait running", "key Space", "wait intermediate", "key Return",
                "wait running", "key P", "wait paused", "key Up", "key Return",
                // Summary: Continue this session, Play again, Close (focused): up twice to Continue.
                "wait summary", "shot quit-summary", "key Up", "key Up", "key Return",
                "wait headphone-check", "shot continued-check", "key Left", "key Right",
                "wait running", "key Space", "wait round-result", "key Return",
                "wait running", "key Space", "wait intermediate", "key Return", "wait running", "key Space",
                "wait round-result", "key Return", "wait summary", "key Return",
            ]
            let output = try await window.run(
                [
                    "play", "--participant", "C01", "--mode", "two-targets", "--rounds", "2",
                    "--input", "keyboard",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let sessions = try window.sessionFolders(participant: "C01")
            #expect(sessions.count == 1, "Continue goes on in the same session folder")
            guard let session = sessions.first else { return }
            #expect(try window.trialLines(in: session).count == 4)
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
            #expect(output.stdout.contains("at round 1 of 2"), "stdout: \(output.stdout)")
        }

        @Test func aSupervisorStartingAProtocolAParticipantCompletedIsToldBeforeAndOnTheSheet() async throws {
            let window = try WindowSession(name: "window-repeat-note")
            let file = window.logs.appendingPathComponent("tiny.json")
            try #"{"name": "tiny", "seed": 4, "conditions": [{"level": "one-target", "repetitions": 2}]}"#
                .write(to: file, atomically: true, encoding: .utf8)
            let done = try SoundSafariBinary.run(
                ["simulate", "--protocol", file.path, "--participant", "W02", "--logs", window.logs.path])
            #expect(done.status == 0, "stderr: \(done.stderr)")
            let output = try await window.run(
                ["study", "--protocol", file.path, "--participant", "W02", "--input", "keyboard"],
                script: [
                    "wait participant-sheet", "shot sheet-with-note", "key Up", "key Return",
                    "wait headphone-check", "key Escape", "key Return",
                ])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(
                output.stderr.contains("W02 has already completed the protocol 'tiny' once"), "stderr: \(output.stderr)"
            )
            #expect(output.stderr.contains("session_index 2"), "stderr: \(output.stderr)")
        }

        @Test func aLatinSquareStudyKilledMidwayResumesAtItsRoundAndSpaceNeverSkipsABreak() async throws {
            let window = try WindowSession(name: "window-latin-square")
            let protocolFile = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/latin-square.json")
            let twoTargetRound = [
                "wait running", "key Space", "wait intermediate", "key Return", "wait running", "key Space",
                "wait round-result",
            ]
            // P02 plays B C A (two rounds each; B and C have two targets). The participant sheet's "Save" is
            // one step up from the first row.
            var first = [
                "wait participant-sheet", "key Up", "key Return", "wait headphone-check", "key Left", "key Right",
            ]
            first += twoTargetRound + ["key Return"] + twoTargetRound + ["key Return"]
            // The participant's photo key on the break screen does nothing: it waits for the supervisor's Enter. A
            // sleep, not a wait: it gives the Space time to (wrongly) leave the break; no state shows that nothing
            // happened.
            first += ["wait break", "key Space", "sleep 600", "shot break-after-space", "wait break", "key Return"]
            first += twoTargetRound + ["shot kill-point", "sleep 20000"]  // a sleep: kept open until killed
            let killed = try await window.run(
                ["study", "--protocol", protocolFile.path, "--participant", "P02", "--input", "keyboard"],
                script: first, killAtShot: "kill-point")
            #expect(killed.status != 0, "killed: \(killed.stderr)")
            guard let session = try window.sessionFolders(participant: "P02").first else {
                Issue.record("no session folder")
                return
            }
            #expect(try window.trialLines(in: session).count == 6, "rounds 1-3 were logged before the kill")

            var second = ["wait headphone-check", "shot resumed-check", "key Left", "key Right"]
            second += twoTargetRound + ["key Return", "wait break", "key Return"]
            second += ["wait running", "key Space", "wait round-result", "key Return"]
            second += ["wait running", "key Space", "wait round-result", "key Return", "wait summary", "key Return"]
            let resumed = try await window.run(
                [
                    "study", "--protocol", protocolFile.path, "--participant", "P02", "--input", "keyboard", "--resume",
                ], script: second)
            #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
            #expect(resumed.stdout.contains("at round 4 of 6"), "stdout: \(resumed.stdout)")
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 10)
            // Column 24 (later issues append columns after it).
            let protocols = rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[23] }
            #expect(protocols.allSatisfy { $0 == "latin-square-demo" }, "the protocol column: \(rows)")
            #expect(rows.allSatisfy { !$0.contains(",true,") && !$0.contains(",false,") }, "TRUE/FALSE: \(rows)")
            let conditions = rows.map { $0.split(separator: ",")[6] }
            #expect(conditions.first == "B-bird-then-frog" && conditions.last == "A-frog-alone")
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
        }

        @Test func aParticipantRegisteredBlankBySimulateIsAskedTheSheetAndTheAnswersAreAppended() async throws {
            let window = try WindowSession(name: "window-sheet-of-registered")
            let registered = try SoundSafariBinary.run(
                ["simulate", "--participant", "W01", "--rounds", "1", "--logs", window.logs.path])
            #expect(registered.status == 0, "stderr: \(registered.stderr)")
            let protocolFile = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/thesis-study.json")
            // The sheet opens at the first missing answer (age); Up wraps to "Save and continue". Escape on
            // the headphone check asks, Enter quits.
            let script = [
                "wait participant-sheet", "shot sheet-of-registered", "key 5", "key 4", "key Up", "key Return",
                "wait headphone-check", "key Escape", "shot quit-question", "key Return",
            ]
            let output = try await window.run(
                ["study", "--protocol", protocolFile.path, "--participant", "W01", "--input", "keyboard"],
                script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let lines = try String(contentsOf: window.logs.appendingPathComponent("participants.csv"), encoding: .utf8)
                .split(separator: "\n").filter { $0.hasPrefix("W01,") }
            #expect(lines.count == 2, "the blank row and the answers: \(lines)")
            #expect(lines.last?.hasPrefix("W01,54,") == true, "\(lines)")
            // Simulate played the one-target mode, not this protocol: no repeat note.
            #expect(!output.stderr.contains("already completed"))
        }
    }
}
