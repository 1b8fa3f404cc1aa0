// What a new user meets in the terminal (issue 16.10, 16.17): one rule for rounds, the ID rule said once,
// and a --resume with nothing to resume refused before any window opens.
import Foundation
import Testing

@Suite struct FirstUseErrorTests {
    @Test func simulateAllowsTheSameOneToThirtyRoundsAsPlay() throws {
        for command in ["simulate", "play"] {
            let output = try SoundSafariBinary.run(
                [command, "--mode", "one-target", "--rounds", "100", "--logs", "/nonexistent-i16"],
                environment: ["DISPLAY": "", "SDL_AUDIODRIVER": "dummy"])
            #expect(output.status != 0)
            #expect(output.stderr.contains("--rounds 100 is out of range: use 1 to 30"), "\(command): \(output.stderr)")
        }
    }

    @Test func theParticipantIDErrorStatesTheAllowedCharactersOnce() throws {
        let output = try SoundSafariBinary.run(
            ["play", "--participant", "a b"], environment: ["DISPLAY": "", "SDL_AUDIODRIVER": "dummy"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("it contains ' '"), "stderr: \(output.stderr)")
        #expect(output.stderr.components(separatedBy: "letters, digits").count == 2, "stderr: \(output.stderr)")
    }

    @Test func playResumeRefusesAModeOrLengthItWouldIgnore() throws {
        let output = try SoundSafariBinary.run(
            ["play", "--participant", "R9", "--resume", "--rounds", "5"],
            environment: ["DISPLAY": "", "SDL_AUDIODRIVER": "dummy"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("leave out --mode and --rounds"), "stderr: \(output.stderr)")
    }

    @Test func aResumeWithNothingToResumeIsRefusedBeforeAnyWindow() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("nothing-to-resume")
        defer { try? FileManager.default.removeItem(at: logs) }
        let study = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/thesis-study.json").path
        for arguments in [
            ["play", "--participant", "NR01", "--resume"],
            ["study", "--protocol", study, "--participant", "NR01", "--resume"],
        ] {
            // No display: had the window been tried first, the error would be about the display.
            let output = try SoundSafariBinary.run(
                arguments + ["--logs", logs.path], environment: ["DISPLAY": "", "SDL_AUDIODRIVER": "dummy"])
            #expect(output.status != 0)
            #expect(output.stderr.contains("NR01 has no interrupted session"), "\(arguments[0]): \(output.stderr)")
        }
    }
}
