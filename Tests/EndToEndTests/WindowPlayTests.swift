// The game in a real window under Xvfb: a keyboard-only player from the menu through two-target rounds to the end.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowPlayTests {
        /// The steps of one two-target round: a turn, a photo, continue, another photo, then the end screen.
        private func twoTargetRound(last: Bool) -> [String] {
            [
                "wait running", "hold Right 300", "key Space", "wait intermediate", "key Return",
                "wait running", "hold Left 200", "key Space", "wait round-result", "key Return",
            ]
        }

        @Test func aKeyboardOnlyPlayerCompletesTwoTwoTargetRoundsAndEveryPhotoIsLogged() async throws {
            let window = try WindowSession(name: "window-play")
            let script =
                ["wait menu", "key Return", "wait headphone-check", "key Left", "key Right"]
                + twoTargetRound(last: false) + twoTargetRound(last: true) + ["wait summary", "key Return"]
            let output = try await window.run(
                [
                    "play", "--participant", "E2E01", "--mode", "two-targets", "--rounds", "2",
                    "--input", "keyboard", "--seed", "7",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            // The audio thread keeps the engine's context current between blocks and lets go of it before the
            // device closes; otherwise OpenAL Soft reports "(EE) ReleaseThreadCtx: Context … possible leak!".
            #expect(!output.stderr.contains("ReleaseThreadCtx"), "stderr: \(output.stderr)")

            let sessions = try window.sessionFolders(participant: "E2E01")
            #expect(sessions.count == 1)
            guard let session = sessions.first else { return }
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 4, "2 rounds × 2 targets")
            #expect(rows.allSatisfy { $0.contains(",keyboard,") && $0.contains(",two-targets,") })
            let pictures = try FileManager.default.contentsOfDirectory(atPath: session.path).filter {
                $0.hasSuffix(".png")
            }.sorted()
            #expect(
                pictures == [
                    "round-01-target-1.png", "round-01-target-2.png", "round-02-target-1.png", "round-02-target-2.png",
                ])
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)

            let screens = window.screensShown()
            for screen in ["menu", "headphone-check", "running", "intermediate", "round-result", "summary"] {
                #expect(screens.contains(screen), "no screenshot of \(screen): \(screens)")
            }
            #expect(screens.first == "menu")
            #expect(screens.last == "summary")
        }

        @Test func quittingFromThePauseMenuKeepsTheLoggedPhotoAndLeavesTheSessionIncomplete() async throws {
            let window = try WindowSession(name: "window-quit")
            let script = [
                "wait menu", "key Return", "wait headphone-check", "key Left", "key Right",
                "wait running", "key Space", "wait intermediate", "key Return",
                "wait running", "key P", "wait paused", "key Down", "key Down", "key Return",
                "wait summary", "key Return",
            ]
            let output = try await window.run(
                [
                    "play", "--participant", "E2E02", "--mode", "two-targets", "--rounds", "3",
                    "--input", "keyboard",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let sessions = try window.sessionFolders(participant: "E2E02")
            guard let session = sessions.first else {
                Issue.record("no session folder")
                return
            }
            #expect(try window.trialLines(in: session).count == 1)
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == false)
            #expect(window.screensShown().contains("paused"))
        }

        @Test func aQuitSessionResumedWithResumeContinuesAtTheNextTargetAndCompletes() async throws {
            let window = try WindowSession(name: "window-resume")
            let start = ["wait menu", "key Return", "wait headphone-check", "key Left", "key Right"]
            let first = try await window.run(
                [
                    "play", "--participant", "R01", "--mode", "two-targets", "--rounds", "1",
                    "--input", "keyboard",
                ],
                script: start + [
                    "wait running", "key Space", "wait intermediate", "key Return",
                    "wait running", "key P", "wait paused", "key Up", "key Return",
                    "wait summary", "key Return",
                ])
            #expect(first.status == 0, "stderr: \(first.stderr)")
            // The terminal gives the full command, with the logs folder used (issue 16.10).
            #expect(
                first.stdout.contains(
                    "continue with: soundsafari play --participant R01 --logs \(window.logs.path) --resume"),
                "stdout: \(first.stdout)")
            // It goes on with the HRTF it was played with (every row names that one): another is refused.
            let otherHRTF = try await window.run(
                ["play", "--participant", "R01", "--resume", "--input", "keyboard", "--hrtf", "some-other-head"],
                script: ["wait menu"], timeout: 60)
            #expect(otherHRTF.status != 0)
            #expect(otherHRTF.stderr.contains("leave out --hrtf"), "stderr: \(otherHRTF.stderr)")
            // A resumed play session skips the menu: its settings are the session's, and the headphone check
            // says where it goes on.
            let second = try await window.run(
                ["play", "--participant", "R01", "--resume", "--input", "keyboard"],
                script: [
                    "wait headphone-check", "shot resumed-check", "key Left", "key Right",
                    "wait running", "key Space", "wait round-result", "key Return",
                    "wait summary", "key Return",
                ])
            #expect(second.status == 0, "stderr: \(second.stderr)")
            #expect(
                window.screensShown().filter { $0 == "menu" }.count == 1, "only the first run: \(window.screensShown())"
            )
            #expect(second.stdout.contains("session completed"), "stdout: \(second.stdout)")
            let sessions = try window.sessionFolders(participant: "R01")
            #expect(sessions.count == 1, "resuming continues the same session folder")
            guard let session = sessions.first else { return }
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 2)
            #expect(rows.last?.contains(",1,2,2,bluejay,") == true, "the second run photographed target 2: \(rows)")
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
        }

        @Test func theThesisStudyRunsNineRoundsWithBreaksAndWritesFifteenRows() async throws {
            let window = try WindowSession(name: "window-study")
            let protocolFile = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/thesis-study.json")
            // The participant sheet: age typed, tinnitus "yes", then down to "Save and continue".
            var script = [
                "wait participant-sheet", "key 6", "key 1", "key Down", "key Down", "key Right",
                "key Up", "key Up", "key Up", "key Return", "wait headphone-check", "key Left", "key Right",
            ]
            let conditions = [(1, 3), (2, 3), (2, 3)]
            for (index, (targets, repetitions)) in conditions.enumerated() {
                for _ in 0..<repetitions {
                    script += ["wait running", "key Space"]
                    if targets == 2 { script += ["wait intermediate", "key Return", "wait running", "key Space"] }
                    script += ["wait round-result", "key Return"]
                }
                if index < conditions.count - 1 { script += ["wait break", "key Return"] }
            }
            script += ["wait summary", "key Return"]
            let output = try await window.run(
                ["study", "--protocol", protocolFile.path, "--participant", "S01", "--input", "keyboard"],
                script: script, timeout: 240, windowSize: "1920x1080")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            guard let session = try window.sessionFolders(participant: "S01").first else {
                Issue.record("no session folder")
                return
            }
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 15)
            #expect(
                Set(rows.compactMap { $0.split(separator: ",").dropFirst(8).first.map(String.init) }).count == 9,
                "rounds 1 to 9 are logged")
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == true)
            let participants = try String(
                contentsOf: window.logs.appendingPathComponent("participants.csv"), encoding: .utf8)
            #expect(participants.contains("S01,61,"), "the sheet's age is registered: \(participants)")
            let screens = window.screensShown()
            #expect(screens.first == "participant-sheet")
            #expect(screens.filter { $0 == "break" }.count == 2)
        }
    }
}

extension WindowTests {
    @Suite struct WindowMouseTests {
        @Test func aMouseOnlyPlayerClicksThroughTheMenusAndTurnsByMovingTheMouse() async throws {
            let window = try WindowSession(name: "window-mouse")
            // 1280×720 layout: Start is the 7th of 12 menu rows (y 393–427); Left and Right are the check's first
            // two buttons. The summary's Close is clicked by its label: the verdict above it takes one or two lines
            // (it names the deviation), which moves the buttons. The sleep between the mouse's motion and its click
            // is a deliberate gap, as a hand leaves one: the turn and the photo come at separate moments.
            let script = [
                "wait menu", "click 640 410", "wait headphone-check", "click 230 237", "click 500 237",
                "wait running", "move 300", "sleep 100", "click 640 360", "wait round-result", "click 640 622",
                "wait summary", "shot summary", "click Close",
            ]
            let output = try await window.run(
                [
                    "play", "--participant", "M01", "--mode", "one-target", "--rounds", "1",
                    "--input", "mouse",
                ], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            guard let session = try window.sessionFolders(participant: "M01").first else {
                Issue.record("no session")
                return
            }
            let rows = try window.trialLines(in: session)
            #expect(rows.count == 1)
            let fields = rows.first?.split(separator: ",").map(String.init) ?? []
            #expect(fields.count > 13 && fields[4] == "mouse")
            // 300 counts × 0.1°/count: the photo was taken facing 30° right.
            #expect(fields.count > 13 && abs((Double(fields[13]) ?? 0) - 30) < 0.01, "aim_bearing_deg: \(fields)")
        }
    }
}
