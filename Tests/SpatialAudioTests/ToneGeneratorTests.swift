// The hearing procedures' tones, measured on the engine's output: the level asked for, in one ear only, no click.
import Foundation
import Testing

@testable import SpatialAudio

@Suite("Tone generator")
struct ToneGeneratorTests {
    @Test("A −40 dBFS tone to the left ear is −40 dBFS RMS there, silent on the right, and fades in without a step")
    func toneLevelAndEar() throws {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        let tone = ToneGenerator()
        engine.setOutputChain([tone, engine.volume, LimiterProcessor(ceilingDBFS: -1)])
        tone.play(frequencyHz: 1000, levelDBFS: -40, ears: .left)
        let start = engine.render(frames: 4_800)
        let steady = engine.render(frames: 48_000)
        let left = stride(from: 0, to: steady.count, by: 2).map { Double(steady[$0]) }
        let right = stride(from: 1, to: steady.count, by: 2).map { Double(steady[$0]) }
        let level = 10 * log10(left.map { $0 * $0 }.reduce(0, +) / Double(left.count))
        print(String(format: "left %.3f dBFS, right peak %g", level, right.map(abs).max()!))
        #expect(abs(level + 40) < 0.05)
        #expect(right.allSatisfy { $0 == 0 })
        // The 20 ms raised-cosine ramp: the first sample is nearly silent, and no step exceeds the tone's own.
        let amplitude = Float(pow(10, -40.0 / 20) * 2.0.squareRoot())
        let ownStep = amplitude * Float(2 * Double.pi * 1000 / 48_000)
        #expect(abs(start[0]) < amplitude * 0.01)
        #expect(TestSignals.largestStep(start + steady) <= ownStep * 1.01)
        tone.stop()
        _ = engine.render(frames: 4_800)
        #expect(engine.render(frames: 480).allSatisfy { $0 == 0 }, "stopped after the fade-out")
    }
}
