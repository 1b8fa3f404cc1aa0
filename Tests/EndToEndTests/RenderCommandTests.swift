// `soundsafari render` as a user runs it: the written WAV is measured (with SpatialAudio's meter), and bad input fails clearly.
import Foundation
import SpatialAudio
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("soundsafari render")
struct RenderCommandTests {
    /// Mono white noise written the way a user would hand one in.
    private func noiseFile(in folder: URL, channels: Int = 1) throws -> URL {
        var state: UInt64 = 0x1234_5678
        let samples = (0..<(48_000 * channels)).map { _ -> Float in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Double(state >> 11) / Double(1 << 53) * 2 - 1) * 0.5
        }
        let url = folder.appendingPathComponent(channels == 1 ? "noise.wav" : "stereo.wav")
        try AudioFileWriter.write(samples, channels: channels, sampleRate: 48_000, format: .wavPCM16, to: url)
        return url
    }

    @Test("White noise rendered at 90° is a 48 kHz stereo file with the right ear at least 10 dB louder and earlier")
    func noiseAtNinetyDegrees() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-noise")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("f.wav")
        let result = try SoundSafariBinary.run([
            "render", "--file", try noiseFile(in: folder).path, "--bearing", "90", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("right ear louder"))
        let (samples, channels, rate) = try AudioFileReader.readInterleaved(out)
        #expect(channels == 2)
        #expect(rate == 48_000)
        #expect(samples.count == 2 * 48_000)
        let cues = InterauralMeter.measure(interleaved: samples)
        #expect(cues.ildDB >= 10, "\(cues)")
        #expect(cues.itdFrames > 0, "\(cues)")
    }

    @Test("The frog rendered at 90° is clearly lateralised (at least 6 dB), and at 270° to the other side")
    func frogIsLateralised() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-frog")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (bearing, sign) in [("90", 1.0), ("270", -1.0)] {
            let out = folder.appendingPathComponent("frog\(bearing).wav")
            let result = try SoundSafariBinary.run(
                ["render", "--sound", "frog", "--bearing", bearing, "--out", out.path],
                currentDirectory: SoundSafariBinary.packageRoot)
            #expect(result.status == 0, "\(result.stderr)")
            let cues = InterauralMeter.measure(interleaved: try AudioFileReader.readInterleaved(out).samples)
            #expect(cues.ildDB * sign >= 6, "frog at \(bearing)°: \(cues)")
        }
    }

    @Test("Facing the source makes a side source render balanced")
    func headingTurnsTheListener() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-heading")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("facing.wav")
        let result = try SoundSafariBinary.run([
            "render", "--file", try noiseFile(in: folder).path, "--bearing", "90",
            "--heading", "90", "--seconds", "0.5", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try AudioFileReader.readInterleaved(out).samples
        #expect(samples.count == 2 * 24_000)
        #expect(abs(InterauralMeter.measure(interleaved: samples).ildDB) < 1)
    }

    @Test(
        "A stereo file, a missing file, an unknown sound and an unknown HRTF each fail with one clear sentence",
        arguments: ["stereo", "missing", "unknown-sound", "unknown-hrtf"])
    func badInputFails(kind: String) throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.wav").path
        let arguments: [String]
        let expected: [String]
        switch kind {
        case "stereo":
            let stereo = try noiseFile(in: folder, channels: 2)
            arguments = ["--file", stereo.path]
            expected = [stereo.path, "mono", "--downmix"]
        case "missing":
            arguments = ["--file", "/nonexistent/frog.wav"]
            expected = ["/nonexistent/frog.wav", "does not exist"]
        case "unknown-sound":
            arguments = ["--sound", "lion"]
            expected = ["--sound 'lion' is not in", "sounds.json; choose one of frog, bluejay"]
        default:
            arguments = ["--sound", "frog", "--hrtf", "no-such-head"]
            expected = ["'no-such-head'", "default-48000"]
        }
        let result = try SoundSafariBinary.run(
            ["render"] + arguments + ["--bearing", "90", "--out", out],
            currentDirectory: SoundSafariBinary.packageRoot)
        #expect(result.status != 0)
        for text in expected { #expect(result.stderr.contains(text), "stderr: \(result.stderr)") }
        #expect(!result.stderr.contains("Fatal error"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("A stereo file renders when a downmix is asked for")
    func downmixOnRequest() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-downmix")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("mixed.wav")
        let result = try SoundSafariBinary.run([
            "render", "--file", try noiseFile(in: folder, channels: 2).path, "--downmix",
            "--bearing", "270", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(InterauralMeter.measure(interleaved: try AudioFileReader.readInterleaved(out).samples).ildDB <= -10)
    }

    @Test("make-sounds regenerates the committed stimuli bit for bit")
    func generatedSoundsMatchTheCommittedOnes() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("make-sounds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SoundSafariBinary.run(["make-sounds", "--out", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let committed = SoundSafariBinary.packageRoot.appendingPathComponent("Sounds")
        for name in [
            "frog.wav", "bluejay.wav", "ambience.wav", "shutter.wav", "ambience_farm.wav", "ambience_forest.wav",
            "ambience_coast.wav", "ambience_savannah.wav", "sounds.json",
        ] {
            let fresh = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
            #expect(
                fresh != nil
                    && fresh == FileManager.default.contents(atPath: committed.appendingPathComponent(name).path),
                "\(name) differs from Sounds/\(name)")
        }
        let catalog = try SoundCatalog.load(folder: folder)
        #expect(
            catalog.entries.map(\.name) == [
                "frog", "bluejay", "ambience", "shutter", "ambience_farm", "ambience_forest", "ambience_coast",
                "ambience_savannah",
            ])
    }
}

@Suite("soundsafari render: outputs and option values")
struct RenderOutputTests {
    @Test("A negative bearing is taken as the option's value (--bearing -90 is the left)")
    func negativeBearing() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-negative")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("left.wav")
        let result = try SoundSafariBinary.run([
            "render", "--sound", "frog", "--bearing", "-90", "--heading", "-0", "--gain-db", "-6", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("left ear louder"), "\(result.stdout)")
    }

    @Test("An existing --out is refused without --force and replaced with it")
    func noSilentReplacement() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-force")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("mine.wav")
        try Data("precious".utf8).write(to: out)
        let refused = try SoundSafariBinary.run(["render", "--sound", "frog", "--bearing", "90", "--out", out.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("already exists") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "precious")
        let forced = try SoundSafariBinary.run([
            "render", "--sound", "frog", "--bearing", "90", "--out", out.path, "--force",
        ])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try AudioFileReader.readInterleaved(out).channels == 2)
    }

    @Test("A study log is never written over, even with --force")
    func neverOverALog() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trials = folder.appendingPathComponent("trials.csv")
        try Data("session_id\n".utf8).write(to: trials)
        let result = try SoundSafariBinary.run([
            "render", "--sound", "frog", "--bearing", "90", "--out", trials.path, "--force",
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("study log"), "\(result.stderr)")
        #expect(try String(contentsOf: trials, encoding: .utf8) == "session_id\n")
    }

    @Test(
        "--force never replaces a participant's profile, ratings or plan, nor a session's trials through a link (it replaced them with a WAV)",
        arguments: ["profile.json", "ratings.csv", "plan-001.json", "link.wav", "beside-ratings.wav"])
    func forceNeverReachesTheLogs(out name: String) throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-force-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let participant = folder.appendingPathComponent("logs/P1")
        let session = participant.appendingPathComponent("2026-11-26T10-00-00Z")
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: session.appendingPathComponent("session.json"))
        let trials = session.appendingPathComponent("trials.csv")
        try Data("session_id\n".utf8).write(to: trials)
        try Data("{\"schema_version\": 1}\n".utf8).write(to: participant.appendingPathComponent("profile.json"))
        let out: URL
        switch name {
        case "link.wav":
            // A link outside the logs that leads to a session's trials.csv.
            out = folder.appendingPathComponent("link.wav")
            try FileManager.default.createSymbolicLink(at: out, withDestinationURL: trials)
        case "beside-ratings.wav":
            try Data("session_id\n".utf8).write(to: participant.appendingPathComponent("ratings.csv"))
            out = participant.appendingPathComponent(name)
            try Data("mine\n".utf8).write(to: out)
        default:
            out = participant.appendingPathComponent(name)
            try Data("kept\n".utf8).write(to: out)
        }
        let before = try Data(contentsOf: out)
        let result = try SoundSafariBinary.run([
            "render", "--sound", "frog", "--bearing", "90", "--out", out.path, "--force",
        ])
        #expect(result.status != 0, "\(name)")
        #expect(result.stderr.contains("study log"), "\(name): \(result.stderr)")
        #expect(try Data(contentsOf: out) == before, "\(name) was written over")
        #expect(try String(contentsOf: trials, encoding: .utf8) == "session_id\n")
    }

    @Test("make-sounds never writes into a logs folder")
    func makeSoundsNeverAmongLogs() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("make-sounds-logs")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("participant\n".utf8).write(to: folder.appendingPathComponent("participants.csv"))
        let result = try SoundSafariBinary.run(["make-sounds", "--out", folder.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("holds study logs"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["participants.csv"])
    }

    @Test("A named pipe given to --file is refused at once")
    func namedPipe() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("render-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.wav")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let result = try SoundSafariBinary.run([
            "render", "--file", fifo.path, "--bearing", "0", "--out", folder.appendingPathComponent("o.wav").path,
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
    }
}
