// Errors a person meets before the window: no display, a malformed protocol — one clear sentence, non-zero exit.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowErrorTests {
        @Test func playWithoutADisplaySaysSoAndHowToRunIt() throws {
            let logs = try SoundSafariBinary.temporaryDirectory("no-display")
            defer { try? FileManager.default.removeItem(at: logs) }
            // No X server and no Wayland: SDL would fall back to an invisible driver; the game must refuse.
            let output = try SoundSafariBinary.run(
                ["play", "--participant", "P01", "--logs", logs.path],
                environment: [
                    "DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "", "XDG_RUNTIME_DIR": "",
                    "SDL_AUDIODRIVER": "dummy",
                ])
            #expect(output.status != 0)
            #expect(output.stderr.contains("No display could be opened"), "stderr: \(output.stderr)")
            // Only our sentence: no stray "XDG_RUNTIME_DIR is invalid" from probing Wayland (issue 16.17).
            #expect(output.stderr.hasPrefix("Error: No display"), "stderr: \(output.stderr)")
            #expect(output.stderr.contains("xvfb-run"))
        }

        @Test func aMalformedStudyProtocolIsNamedBeforeAnyWindowOpens() throws {
            let folder = try SoundSafariBinary.temporaryDirectory("bad-protocol")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("broken.json")
            try #"{ "name": "x", "conditions": [ { "name": "a", "level": "three-targets", "repetitions": 1 } ] }"#
                .write(to: file, atomically: true, encoding: .utf8)
            let output = try SoundSafariBinary.run(
                [
                    "study", "--protocol", file.path, "--participant", "P01",
                    "--logs", folder.path,
                ],
                environment: ["DISPLAY": "", "SDL_AUDIODRIVER": "dummy"])
            #expect(output.status != 0)
            #expect(output.stderr.contains("broken.json"), "stderr: \(output.stderr)")
            #expect(!output.stderr.contains("No display"), "the protocol is checked first")
        }

        @Test func aMisspeltSoundInAStudyProtocolNamesTheFileAndTheFieldBeforeAnyWindowOpens() throws {
            let folder = try SoundSafariBinary.temporaryDirectory("misspelt-sound")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("typo.json")
            try #"""
            { "name": "typo", "conditions": [
                { "name": "two", "level": "two-targets", "targets": ["frog", "blujay"], "repetitions": 1 } ] }
            """#.write(to: file, atomically: true, encoding: .utf8)
            for command in ["study", "simulate"] {
                let output = try SoundSafariBinary.run(
                    [command, "--protocol", file.path, "--participant", "P01", "--logs", folder.path],
                    environment: ["DISPLAY": "", "SDL_AUDIODRIVER": "dummy"])
                #expect(output.status != 0)
                #expect(output.stderr.contains("typo.json"), "\(command) stderr: \(output.stderr)")
                #expect(output.stderr.contains("conditions[0].targets[1]"), "\(command) stderr: \(output.stderr)")
                #expect(output.stderr.contains("'blujay'"), "\(command) stderr: \(output.stderr)")
                #expect(output.stderr.contains("typo.json line 2,"), "\(command) stderr: \(output.stderr)")
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("P01").path))
            }
        }

        @Test func everyFlagAPlayErrorSuggestsIsOnePlayAccepts() throws {
            let output = try SoundSafariBinary.run(
                ["play", "--sounds", "/nonexistent-sounds"], environment: ["SDL_AUDIODRIVER": "dummy"])
            #expect(output.status != 0)
            #expect(output.stderr.contains("/nonexistent-sounds"), "stderr: \(output.stderr)")
            let help = try SoundSafariBinary.run(["play", "--help"]).stdout
            let suggested = output.stderr.split(whereSeparator: { !$0.isLetter && $0 != "-" })
                .filter { $0.hasPrefix("--") }
            #expect(!suggested.isEmpty, "the error says which flag fixes it: \(output.stderr)")
            for flag in suggested {
                #expect(help.contains(String(flag)), "play --help does not list \(flag) that its error suggests")
            }
        }

        @Test func anUnknownModeIsRejectedWithTheModesToChooseFrom() throws {
            let output = try SoundSafariBinary.run(["play", "--mode", "three-targets"])
            #expect(output.status != 0)
            #expect(
                output.stderr.contains("one-target, two-targets, two-targets-background"), "stderr: \(output.stderr)")
        }
    }
}

extension WindowTests {
    @Suite struct WindowAudioErrorTests {
        @Test func withoutAnAudioDeviceTheWindowSaysSoAndExitsWithAnError() async throws {
            let window = try WindowSession(name: "window-no-audio")
            let output = try await window.run(
                ["play", "--participant", "A01", "--input", "keyboard"],
                script: ["wait menu", "key Return", "wait error", "key Return"],
                environment: ["SDL_AUDIODRIVER": "no-such-driver"])
            #expect(output.status == 1, "stderr: \(output.stderr)")
            #expect(window.screensShown() == ["menu", "error"])
            #expect(
                !FileManager.default.fileExists(atPath: window.logs.appendingPathComponent("A01").path),
                "no session is opened without sound")
        }
    }
}
