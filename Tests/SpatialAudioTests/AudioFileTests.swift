// Every libsndfile format loads into mono; stereo, missing, empty and corrupt files fail with messages naming the file.
import Foundation
import Testing

@testable import SpatialAudio

@Suite("Loading sound files")
struct AudioFileTests {
    @Test("Each supported format loads into a mono buffer", arguments: AudioFileFormat.allCases)
    func eachFormatLoads(format: AudioFileFormat) throws {
        let folder = try TestSignals.temporaryDirectory("format")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("noise.\(format.fileExtension)")
        let noise = TestSignals.whiteNoise(seconds: 0.25, sampleRate: 44_100)
        try AudioFileWriter.write(noise, format: format, to: url)
        let loaded = try AudioFileReader.readMono(url)
        #expect(loaded.sampleRate == 44_100)
        // Vorbis is lossy and may pad; the others keep every frame.
        if format == .oggVorbis {
            #expect(abs(loaded.samples.count - noise.samples.count) < 2_048)
        } else {
            #expect(loaded.samples.count == noise.samples.count)
            let error = zip(loaded.samples, noise.samples).map { abs($0 - $1) }.max() ?? 1
            #expect(error < 1e-3)
        }
        let engine = try SpatialAudioEngine()
        let buffer = try engine.loadBuffer(file: url)
        #expect(abs(buffer.durationSeconds - 0.25) < 0.05)
    }

    @Test("A stereo file is refused with a message naming it, unless a downmix is asked for")
    func stereoFilesNeedADownmix() throws {
        let folder = try TestSignals.temporaryDirectory("stereo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("stereo.wav")
        try AudioFileWriter.write([0.5, -0.5, 0.25, 0.75], channels: 2, sampleRate: 48_000, format: .wavFloat, to: url)
        let error = #expect(throws: SpatialAudioError.self) { try AudioFileReader.readMono(url) }
        #expect(error == .multichannelFile(path: url.path, channels: 2))
        #expect(error?.description.contains(url.path) == true)
        #expect(error?.description.contains("mono") == true)
        let mixed = try AudioFileReader.readMono(url, downmix: true)
        #expect(mixed.samples == [0, 0.5])
    }

    @Test("A missing file fails with a message naming it")
    func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/frog.wav")
        let error = #expect(throws: SpatialAudioError.self) { try AudioFileReader.readMono(url) }
        #expect(error == .fileNotFound(path: "/nonexistent/frog.wav"))
        #expect(error?.description.contains("/nonexistent/frog.wav") == true)
    }

    @Test("An empty file fails with a message naming it")
    func emptyFile() throws {
        let folder = try TestSignals.temporaryDirectory("empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let zeroBytes = folder.appendingPathComponent("zero.wav")
        try Data().write(to: zeroBytes)
        #expect(throws: SpatialAudioError.fileEmpty(path: zeroBytes.path)) { try AudioFileReader.readMono(zeroBytes) }
        let noFrames = folder.appendingPathComponent("noframes.wav")
        try AudioFileWriter.write([], channels: 1, sampleRate: 48_000, format: .wavPCM16, to: noFrames)
        #expect(throws: SpatialAudioError.fileEmpty(path: noFrames.path)) { try AudioFileReader.readMono(noFrames) }
    }

    @Test("A corrupt file fails with a message naming it")
    func corruptFile() throws {
        let folder = try TestSignals.temporaryDirectory("corrupt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("frog.wav")
        try Data("this is not a RIFF file at all".utf8).write(to: url)
        let error = #expect(throws: SpatialAudioError.self) { try AudioFileReader.readMono(url) }
        guard case .fileUnreadable(let path, _) = error else {
            Issue.record("expected fileUnreadable, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(error?.description.contains(url.path) == true)
    }
}
