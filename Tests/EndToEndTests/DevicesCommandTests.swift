// `soundsafari devices` as a user runs it: HRTFs, sounds and controllers listed; the output check plays left then right.
import Foundation
import SpatialAudio
import Testing

@Suite("soundsafari devices")
struct DevicesCommandTests {
    private let headless = ["SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"]

    @Test("devices lists the HRTFs, the sounds and the controllers")
    func listsEverything() throws {
        let result = try SoundSafariBinary.run(
            ["devices"], environment: headless, currentDirectory: SoundSafariBinary.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Audio outputs (SDL driver dummy)"))
        #expect(result.stdout.contains("default-48000 (usable at 48 kHz, default)"))
        #expect(result.stdout.contains("frog"))
        #expect(result.stdout.contains("bluejay"))
        #expect(result.stdout.contains("Game controllers:"))
    }

    @Test("devices --format json gives the same facts to scripts")
    func jsonOutput() throws {
        let result = try SoundSafariBinary.run(
            ["devices", "--format", "json"], environment: headless,
            currentDirectory: SoundSafariBinary.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let hrtfs = try #require(object["hrtfs"] as? [[String: Any]])
        #expect(hrtfs.contains { $0["name"] as? String == "default-48000" && $0["usable"] as? Bool == true })
        let sounds = try #require(object["sounds"] as? [[String: Any]])
        #expect(sounds.compactMap { $0["name"] as? String }.contains("frog"))
        #expect(object["controllers"] is [Any])
    }

    @Test("A broken sounds.json makes devices list the rest and fail naming the entry")
    func brokenCatalogFails() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("devices-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            #"{"sounds": [{"name": "owl", "display_name": "Owl", "file": "owl.wav", "role": "target", "gain_db": 0, "loop": true, "provenance": "x", "licence": "CC0-1.0"}]}"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("sounds.json"))
        let result = try SoundSafariBinary.run(["devices", "--sounds", folder.path], environment: headless)
        #expect(result.status != 0)
        #expect(result.stdout.contains("HRTFs"))
        #expect(result.stderr.contains("entry 1 (\"owl\")"), "\(result.stderr)")
        #expect(result.stderr.contains("owl.wav"), "\(result.stderr)")
    }

    @Test("The output check plays through SDL's audio callback: left first, then right")
    func outputCheckThroughSDL() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("devices-disk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("output.raw")
        // SDL's "disk" driver writes what the callback produced to a file, in real time.
        let result = try SoundSafariBinary.run(
            ["devices", "--test-output", "--buffer-frames", "256"],
            environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": raw.path],
            currentDirectory: SoundSafariBinary.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("256-frame buffers"))
        let data = try #require(FileManager.default.contents(atPath: raw.path))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let frames = samples.count / 2
        // One second per side, counted in delivered buffers (375 of 256 frames make 1 s at 48 kHz). Stop here
        // when fewer arrived: the slices below would trap and end the whole test run.
        try #require(frames >= 96_000, "only \(frames) frames reached the device")
        // First 0.8 s: source at 270°; from 1.2 s on: at 90°.
        let left = InterauralMeter.measure(interleaved: Array(samples[0..<(2 * 38_400)]))
        let right = InterauralMeter.measure(interleaved: Array(samples[(2 * 57_600)..<(2 * min(frames, 96_000))]))
        #expect(left.ildDB < -6, "\(left)")
        #expect(right.ildDB > 6, "\(right)")
    }

    @Test("An audio output that cannot be opened fails with a sentence naming it")
    func missingDeviceFails() throws {
        let result = try SoundSafariBinary.run(
            ["devices", "--test-output", "--device", "No Such Headphones"],
            environment: ["SDL_AUDIODRIVER": "dummy"],
            currentDirectory: SoundSafariBinary.packageRoot)
        #expect(result.status != 0)
        #expect(result.stderr.contains("No Such Headphones"), "\(result.stderr)")
    }

    @Test("An audio buffer size out of range fails saying which sizes work")
    func badBufferSizeFails() throws {
        let result = try SoundSafariBinary.run(
            ["devices", "--test-output", "--buffer-frames", "5"],
            environment: ["SDL_AUDIODRIVER": "dummy"],
            currentDirectory: SoundSafariBinary.packageRoot)
        #expect(result.status != 0)
        #expect(result.stderr.contains("5 frames"), "\(result.stderr)")
        #expect(result.stderr.contains("16 to 8192"), "\(result.stderr)")
    }
}
