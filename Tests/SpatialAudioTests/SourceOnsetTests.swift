// Onsets: a source started between blocks reports the output frame at which it first sounds, and that frame is where sound begins.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Source onsets and transport")
struct SourceOnsetTests {
    private func firstAudibleFrame(_ interleaved: [Float], threshold: Float = 1e-6) -> Int? {
        stride(from: 0, to: interleaved.count, by: 2).first {
            abs(interleaved[$0]) > threshold || abs(interleaved[$0 + 1]) > threshold
        }
        .map { $0 / 2 }
    }

    @Test("A source started mid-render reports the first output frame in which it sounds")
    func onsetOfASourceStartedMidRender() throws {
        let engine = try SpatialAudioEngine()
        let buffer = try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.5))
        let source = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: 30))
        var output = engine.render(frames: 1_000) + engine.render(frames: 333)
        #expect(source.onsetFrame == nil)
        source.play()
        #expect(source.onsetFrame == nil, "no onset before the source was rendered")
        output += engine.render(frames: 512)
        #expect(source.onsetFrame == 1_333)
        output += engine.render(frames: 512)
        #expect(source.onsetFrame == 1_333, "the onset does not move while the source keeps playing")
        let audible = try #require(firstAudibleFrame(output))
        // The reported onset is where sound begins, up to the HRIR's own short acoustic delay.
        #expect(audible >= 1_333)
        #expect(audible < 1_333 + 72, "sound began at frame \(audible)")
        #expect(source.onsetSeconds == 1_333.0 / 48_000)
    }

    @Test("Pausing and resuming keeps the onset; stopping and playing again sets a new one")
    func pauseKeepsOnsetAndRestartMovesIt() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.2)), looping: true)
        source.play()
        _ = engine.render(frames: 256)
        #expect(source.onsetFrame == 0)
        #expect(source.state == .playing)
        source.pause()
        #expect(source.state == .paused)
        _ = engine.render(frames: 256)
        source.play()
        _ = engine.render(frames: 256)
        #expect(source.onsetFrame == 0)
        source.stop()
        #expect(source.state == .stopped)
        _ = engine.render(frames: 256)
        source.play()
        _ = engine.render(frames: 256)
        #expect(source.onsetFrame == 1_024)
    }

    @Test("A source started and paused before any block was rendered has not sounded")
    func sourcePausedBeforeRenderingHasNoOnset() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.2)))
        source.play()
        source.pause()
        let output = engine.render(frames: 512)
        #expect(source.onsetFrame == nil)
        #expect(firstAudibleFrame(output) == nil)
        source.play()
        _ = engine.render(frames: 512)
        #expect(source.onsetFrame == 512)
    }

    @Test("A non-looping source stops by itself at its end; a looping one keeps playing")
    func loopingDecidesWhetherASourceEnds() throws {
        let engine = try SpatialAudioEngine()
        let buffer = try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.05))
        let once = try engine.makeSource(buffer: buffer)
        let looping = try engine.makeSource(buffer: buffer, looping: true)
        once.play()
        looping.play()
        let output = engine.render(frames: 9_600)
        #expect(once.state == .stopped)
        #expect(looping.state == .playing)
        #expect(looping.isLooping && !once.isLooping)
        // Both are audible at first; after 50 ms only the looping one is left: still sound at the end.
        let tail = Array(output.suffix(2_000))
        #expect(tail.contains { abs($0) > 1e-3 })
    }

    @Test("Gain in dB changes the rendered level by that many dB")
    func gainInDecibels() throws {
        func level(gainDB: Double) throws -> Double {
            let engine = try SpatialAudioEngine()
            let source = try engine.makeSource(
                buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 1)),
                bearing: Bearing(degrees: 0), gainDB: gainDB, looping: true)
            source.play()
            _ = engine.render(frames: 4_800)
            return InterauralMeter.measure(interleaved: engine.render(frames: 9_600)).leftLevelDB
        }
        let reference = try level(gainDB: 0)
        #expect(abs(try level(gainDB: -12) - (reference - 12)) < 0.1)
        #expect(abs(try level(gainDB: 6) - (reference + 6)) < 0.1)
    }

    @Test("Sources of one engine can be driven from another thread while it renders")
    func concurrentStateChangesAreSafe() async throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.1)), looping: true)
        source.play()
        async let rendering: Int = {
            var frames = 0
            for _ in 0..<200 { frames += engine.render(frames: 256).count / 2 }
            return frames
        }()
        for step in 0..<2_000 {
            source.bearing = Bearing(degrees: Double(step))
            engine.heading = Bearing(degrees: Double(step * 7))
        }
        #expect(await rendering == 51_200)
        #expect(engine.framesRendered == 51_200)
    }
}
