// A supervisor at the study window: a mistyped ID is noted and the sheet cancelled; a session ended at a break.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowStudySupervisorTests {
        static let thesis = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/thesis-study.json")

        @Test func aLowerCaseTwinOfARegisteredIDIsNotedAndEscOnTheSheetLeavesWithoutWriting() async throws {
            let window = try WindowSession(name: "window-study-sheet")
            let registered = try SoundSafariBinary.run([
                "simulate", "--mode", "one-target", "--rounds", "1", "--participant", "P07", "--logs",
                window.logs.path,
            ])
            #expect(registered.status == 0, "\(registered.stderr)")
            let output = try await window.run(
                ["study", "--protocol", Self.thesis.path, "--participant", "p07", "--input", "keyboard"],
                script: ["wait participant-sheet", "shot sheet-case-note", "key Escape"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stderr.contains("Note: 'p07' is not registered, but 'P07' is; IDs are case-sensitive"))
            let participants = try String(
                contentsOf: window.logs.appendingPathComponent("participants.csv"), encoding: .utf8)
            #expect(!participants.contains("p07"), "cancelled: nothing registered")
            #expect(!FileManager.default.fileExists(atPath: window.logs.appendingPathComponent("p07").path))
        }

        @Test func escAtABreakEndsTheSessionWithTheResumeCommandInTheTerminalOnly() async throws {
            let window = try WindowSession(name: "window-study-break")
            var script = [
                "wait participant-sheet", "key Up", "key Return", "wait headphone-check", "key Left", "key Right",
            ]
            for _ in 0..<3 {
                script += ["wait running", "key Space", "wait round-result", "shot result", "key Return"]
            }
            script += ["wait break", "see 0:01 so far", "shot break-timer", "key Escape", "wait summary", "key Return"]
            let output = try await window.run(
                ["study", "--protocol", Self.thesis.path, "--participant", "S02", "--input", "keyboard"],
                script: script, timeout: 200, windowSize: "1280x720")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout.contains("not completed; continue with: soundsafari study --protocol"))
            let session = try #require(try window.sessionFolders(participant: "S02").first)
            #expect(try window.trialLines(in: session).count == 3)
            #expect(try window.sessionJSON(in: session)["completed"] as? Bool == false)
            #expect(window.screensShown().contains("summary"))
        }
    }
}
