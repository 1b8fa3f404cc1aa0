// Read aloud in a real window: F4 turns it on (remembered), the menu's sentence is in the game's own output, measured.
import Foundation
import Testing

extension WindowTests {
    @Suite struct WindowReadAloudTests {
        /// The game's output as SDL's disk audio driver writes it: 48 kHz stereo float, the samples the device got.
        static func samples(_ file: URL) throws -> [Float] {
            let data = try Data(contentsOf: file)
            return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        }

        @Test func f4ReadsTheMenuAloudThroughTheGamesOutputBelowTheCeilingAndTheNextWindowRemembersIt() async throws {
            let window = try WindowSession(name: "window-read-aloud")
            let output = window.logs.appendingPathComponent("output.f32")
            let cache = window.logs.appendingPathComponent("cache")
            let script = [
                "wait menu", "text RA01", "key F4", "see Read aloud is on", "see read aloud (on, speaking)",
                "shot read-aloud-on", "gone speaking", "key F4", "see Read aloud is off", "shot read-aloud-off",
                "key F4", "see Read aloud is on", "key Escape",
            ]
            let first = try await window.run(
                ["play", "--input", "keyboard"], script: script, windowSize: "1280x720",
                environment: [
                    "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": output.path, "XDG_CACHE_HOME": cache.path,
                ])
            #expect(first.status == 0, "stderr: \(first.stderr)")
            let on = try window.screenText("read-aloud-on")
            #expect(on.contains("Read aloud is on: each screen's sentence is spoken (F4 turns it off)."), "\(on)")
            #expect(try window.screenText("read-aloud-off").contains("F4: read aloud (off)"))
            let display = try String(
                contentsOf: window.logs.appendingPathComponent("RA01/display.json"), encoding: .utf8)
            #expect(display.contains(#""read_aloud" : true"#), "\(display)")

            // Measured: the sentence is in what the device played, and no sample reaches the ceiling (−1 dBFS).
            let samples = try Self.samples(output)
            let peak = samples.map { abs(Double($0)) }.max() ?? 0
            let loud = samples.filter { abs($0) > 0.001 }.count / 2
            let rms = (samples.map { Double($0) * Double($0) }.reduce(0, +) / Double(max(1, samples.count)))
                .squareRoot()
            print(
                String(
                    format: "read aloud in the window: %.2f s of output, %.2f s above −60 dBFS, peak %.2f dBFS, "
                        + "RMS %.1f dBFS", Double(samples.count / 2) / 48_000, Double(loud) / 48_000,
                    20 * log10(max(peak, 1e-12)), 20 * log10(max(rms, 1e-12))))
            #expect(Double(loud) / 48_000 > 1, "the menu's sentence was played")
            #expect(peak < pow(10, -1.0 / 20), "below the ceiling")
            // espeak-ng ran once per sentence: the cache holds the menu's (and nothing half-written).
            let cached = try FileManager.default.contentsOfDirectory(
                atPath: cache.appendingPathComponent("soundsafari/speech").path)
            #expect(cached.count == 1 && cached.allSatisfy { $0.hasSuffix(".wav") && !$0.hasPrefix(".") }, "\(cached)")

            // The participant's next window starts with it on.
            let second = try await window.run(
                ["play", "--participant", "RA01", "--input", "keyboard"],
                script: ["wait menu", "see read aloud (on", "shot remembered", "key Escape"], windowSize: "1280x720",
                environment: ["XDG_CACHE_HOME": cache.path])
            #expect(second.status == 0, "stderr: \(second.stderr)")
        }

        /// A machine without espeak-ng: the programs of /usr/bin on PATH, espeak-ng left out (as before its package).
        @Test func withoutEspeakNGF4SaysSoInOneSentenceAndReadAloudStaysOff() async throws {
            let window = try WindowSession(name: "window-read-aloud-missing")
            let bin = window.logs.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: "/usr/bin") where name != "espeak-ng" {
                try FileManager.default.createSymbolicLink(
                    at: bin.appendingPathComponent(name), withDestinationURL: URL(fileURLWithPath: "/usr/bin/\(name)"))
            }
            let script = [
                "wait menu", "text RX01", "key F4", "see needs the espeak-ng program", "shot missing", "see (off)",
                "key Escape",
            ]
            let output = try await window.run(
                ["play", "--input", "keyboard"], script: script, windowSize: "1280x720",
                environment: ["PATH": bin.path, "XDG_CACHE_HOME": window.logs.appendingPathComponent("cache").path])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let text = try window.screenText("missing")
            #expect(
                text.contains(
                    "Read aloud needs the espeak-ng program: ask whoever set up this computer to install the Debian "
                        + "package espeak-ng."), "\(text)")
            #expect(text.contains("F4: read aloud (off)"))
            #expect(
                !FileManager.default.fileExists(atPath: window.logs.appendingPathComponent("RX01/display.json").path),
                "nothing turned on, nothing remembered")
        }
    }
}
