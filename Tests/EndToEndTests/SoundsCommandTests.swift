// `soundsafari sounds` and `render --sound` with imported calls, as a user runs them: named after the stamp, refusals explained.
import Foundation
import SpatialAudio
import Testing

@Suite("soundsafari sounds")
struct SoundsCommandTests {
    /// A stamps folder of two generated calls: `owl`, noise under a smooth envelope (accepted), and `cuckoo`, a
    /// 600 Hz tone (refused as narrow), each with quiet background around it and a `.txt` with its names as
    /// Tux Paint's have them.
    static func stamps(in folder: URL) throws -> URL {
        let stamps = folder.appendingPathComponent("stamps")
        try FileManager.default.createDirectory(at: stamps, withIntermediateDirectories: true)
        var state: UInt64 = 0x5EED
        let rate = 44_100
        func call(_ sample: (Int) -> Float) -> [Float] {
            (0..<(2 * rate)).map { index in
                let inCall = index - rate / 4
                guard inCall >= 0, inCall < 3 * rate / 2 else { return sample(index) * 0.000_5 }
                return sample(index) * Float(sin(Double.pi * Double(inCall) / Double(3 * rate / 2)))
            }
        }
        let noise = call { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Double(state >> 11) / Double(1 << 53) * 2 - 1) * 0.5
        }
        let tone = call { Float(0.5 * sin(2 * Double.pi * 600 * Double($0) / Double(rate))) }
        for (name, samples) in [("owl", noise), ("cuckoo", tone)] {
            try AudioFileWriter.write(
                MonoAudio(samples: samples, sampleRate: rate), format: .oggVorbis,
                to: stamps.appendingPathComponent(name + ".ogg"))
        }
        try "An owl.\nda.utf8=En ugle.\nde.utf8=Eine Eule.\n".write(
            to: stamps.appendingPathComponent("owl.txt"), atomically: true, encoding: .utf8)
        try "A cuckoo.\nde.utf8=Ein Kuckuck.\n".write(
            to: stamps.appendingPathComponent("cuckoo.txt"), atomically: true, encoding: .utf8)
        return stamps
    }

    @Test("An imported call renders by its stamp's name; a refused one is named with its reason; list shows both")
    func importedCallsAreNamedAfterTheirStamp() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("sounds-import")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_DATA_HOME": folder.appendingPathComponent("data").path]
        let imported = try SoundSafariBinary.run(
            ["sounds", "import", "--stamps", try Self.stamps(in: folder).path], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Accepted 1 of 2 calls"), "\(imported.stdout)")
        let out = folder.appendingPathComponent("owl.wav")
        let owl = try SoundSafariBinary.run(
            ["render", "--sound", "owl", "--bearing", "90", "--out", out.path], environment: environment)
        #expect(owl.status == 0, "\(owl.stderr)")
        #expect(owl.stdout.contains("right ear louder"), "\(owl.stdout)")
        let cuckoo = try SoundSafariBinary.run(
            ["render", "--sound", "cuckoo", "--bearing", "90", "--out", out.path, "--force"], environment: environment)
        #expect(cuckoo.status != 0)
        #expect(cuckoo.stderr.contains("was not accepted by `soundsafari sounds import` (narrow"), "\(cuckoo.stderr)")
        let list = try SoundSafariBinary.run(["sounds", "list"], environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("1 accepted:\n  owl (Owl): -23.0 LUFS"), "\(list.stdout)")
        #expect(list.stdout.contains("cuckoo (Cuckoo)") && list.stdout.contains("REJECTED: narrow"), "\(list.stdout)")
    }

    @Test("Without the stamps the import fails in one sentence naming the package and the fallback")
    func withoutTheStampsTheImportSaysSo() throws {
        let folder = try SoundSafariBinary.temporaryDirectory("sounds-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SoundSafariBinary.run(
            ["sounds", "import", "--stamps", folder.appendingPathComponent("none").path],
            environment: ["XDG_DATA_HOME": folder.appendingPathComponent("data").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("tuxpaint-stamps-default is not installed"), "\(result.stderr)")
        #expect(result.stderr.contains("synthesised frog and blue jay"), "\(result.stderr)")
    }
}
