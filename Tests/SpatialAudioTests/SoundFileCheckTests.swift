// sounds.json is checked when it loads: sounds that cannot do their job and keys the catalog does not know are named.
import Foundation
import Testing

@testable import SpatialAudio

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Sound catalog checks")
struct SoundFileCheckTests {
    /// A Sounds folder holding `samples` as `sound.wav` (32-bit float, so NaN survives) in a one-entry catalog.
    private func catalog(samples: [Float], role: String = "target", extra: String = "") throws -> URL {
        let folder = try TestSignals.temporaryDirectory("catalog-check")
        try AudioFileWriter.write(
            samples, channels: 1, sampleRate: 48_000, format: .wavFloat,
            to: folder.appendingPathComponent("sound.wav"))
        let entry = """
            {"name": "sound", "display_name": "Sound", "file": "sound.wav", "role": "\(role)", "gain_db": 0, \
            "loop": true, "provenance": "test", "licence": "CC0-1.0"\(extra)}
            """
        try Data("{\"sounds\": [\(entry)]}".utf8).write(to: folder.appendingPathComponent("sounds.json"))
        return folder
    }

    private func loadError(_ folder: URL) -> String {
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try SoundCatalog.load(folder: folder)
            return "loaded without error"
        } catch {
            return "\(error)"
        }
    }

    private var noise: [Float] { TestSignals.whiteNoise(seconds: 0.5).samples }

    @Test("A file of NaN samples is refused, naming the file")
    func notANumber() throws {
        var samples = noise
        for index in stride(from: 0, to: samples.count, by: 2) { samples[index] = .nan }
        let message = loadError(try catalog(samples: samples))
        #expect(message.contains("sound.wav") && message.contains("not a number"), "\(message)")
    }

    @Test("A silent target file is refused, naming the file")
    func silent() throws {
        let message = loadError(try catalog(samples: [Float](repeating: 0, count: 48_000)))
        #expect(message.contains("sound.wav") && message.contains("is silent"), "\(message)")
    }

    @Test("A target that plays 0.01 s (a truncated file) is refused; a 0.01 s effect is fine")
    func tooShortForItsRole() throws {
        let click = Array(noise.prefix(480))
        let message = loadError(try catalog(samples: click))
        #expect(message.contains("sound.wav") && message.contains("shorter than the 0.10 s a target"), "\(message)")
        let effect = try catalog(samples: click, role: "effect")
        defer { try? FileManager.default.removeItem(at: effect) }
        #expect(try SoundCatalog.load(folder: effect).entries.count == 1)
    }

    @Test("A misspelt key (gian_db) is refused instead of silently dropping the gain")
    func unknownKey() throws {
        let message = loadError(try catalog(samples: noise, extra: ", \"gian_db\": -6"))
        #expect(message.contains("\"gian_db\" is not a catalog field"), "\(message)")
        #expect(message.contains("entry 1 (\"sound\")"), "\(message)")
    }

    @Test("A named pipe given as a sound file is refused at once instead of waiting for a writer")
    func namedPipe() throws {
        let folder = try TestSignals.temporaryDirectory("fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.wav")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let error = #expect(throws: SpatialAudioError.self) { try AudioFileReader.readMono(fifo) }
        #expect(error?.description.contains("not a regular file") == true, "\(String(describing: error))")
    }
}
