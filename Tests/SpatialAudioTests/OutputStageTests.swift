// The per-ear output stage, measured on the engine's real output: exact volume, order of processors, no clicks.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

/// Clips each ear to ±limit: a processor whose result depends on where it sits in the chain.
private final class ClipProcessor: OutputProcessor, @unchecked Sendable {
    let limit: Float

    init(limit: Float) { self.limit = limit }

    func process(_ block: UnsafeMutableBufferPointer<Float>) {
        for index in block.indices { block[index] = min(limit, max(-limit, block[index])) }
    }
}

@Suite("Output stage")
struct OutputStageTests {
    /// Noise from 60° (clearly lateral, so ILD and ITD are large), after the mixer's start-up ramp.
    private func renderNoise(configure: (SpatialAudioEngine) -> Void) throws -> [Float] {
        let engine = try SpatialAudioEngine()
        configure(engine)
        return try TestSignals.renderNoise(bearing: 60, engine: engine)
    }

    private func peak(_ samples: [Float]) -> Float { samples.map(abs).max() ?? 0 }

    @Test("Volume -12 dB lowers each ear by exactly 12 dB and leaves ILD and ITD unchanged")
    func volumeIsExactPerEar() throws {
        let reference = InterauralMeter.measure(interleaved: try renderNoise { _ in })
        let quieter = InterauralMeter.measure(interleaved: try renderNoise { $0.masterGainDB = -12 })
        print("0 dB: \(reference); -12 dB: \(quieter)")
        #expect(abs(quieter.leftLevelDB - reference.leftLevelDB + 12) <= 0.01)
        #expect(abs(quieter.rightLevelDB - reference.rightLevelDB + 12) <= 0.01)
        #expect(abs(quieter.ildDB - reference.ildDB) <= 0.01)
        #expect(quieter.itdFrames == reference.itdFrames)
        #expect(reference.ildDB > 5, "the comparison needs a lateral source: \(reference)")
    }

    @Test("The default output chain is the engine's volume alone, and masterGainDB reads back what was set")
    func defaultChainIsTheVolume() throws {
        let engine = try SpatialAudioEngine()
        engine.masterGainDB = -6
        #expect(engine.masterGainDB == -6)
        #expect(engine.outputChain.count == 1)
        #expect(engine.outputChain.first === engine.volume)
    }

    @Test("A chain of two processors applies in order")
    func processorsApplyInOrder() throws {
        let clipThenVolume = try renderNoise { engine in
            engine.masterGainDB = -12
            engine.setOutputChain([ClipProcessor(limit: 0.02), engine.volume])
        }
        let volumeThenClip = try renderNoise { engine in
            engine.masterGainDB = -12
            engine.setOutputChain([engine.volume, ClipProcessor(limit: 0.02)])
        }
        let unclipped = try renderNoise { $0.masterGainDB = -12 }
        let gain = Float(pow(10, -12.0 / 20))
        #expect(peak(unclipped) > 0.05, "the noise must be loud enough to be clipped in either order")
        // Clipped to 0.02, then 12 dB down; or 12 dB down, then clipped to 0.02.
        #expect(abs(peak(clipThenVolume) - 0.02 * gain) < 1e-6)
        #expect(abs(peak(volumeThenClip) - 0.02) < 1e-6)
    }

    @Test("A new chain applies from the next block, and reading it gives the order set")
    func chainIsSwappedBetweenBlocks() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 1)), bearing: Bearing(degrees: 60),
            looping: true)
        source.play()
        _ = engine.render(frames: 4_800)
        let clip = ClipProcessor(limit: 0.001)
        engine.setOutputChain([clip, engine.volume])
        #expect(
            engine.outputChain.map { ObjectIdentifier($0) } == [
                ObjectIdentifier(clip), ObjectIdentifier(engine.volume),
            ])
        let block = engine.render(frames: 512)
        #expect(peak(block) <= 0.001)
        #expect(peak(block) > 0.000_5)
    }

    @Test("A volume change ramps over 512 frames (a block here): no step above the tone's own plus the ramp's")
    func volumeChangesDoNotClick() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.sine(frequency: 50, seconds: 1)), looping: true)
        source.play()
        _ = engine.render(frames: 4_800)
        let steady = (0..<10).flatMap { _ in engine.render(frames: 512) }
        var changing = Array(steady.suffix(2))
        // Every block jumps between 0 and -20 dB: without a ramp some block boundaries fall near a peak.
        for block in 0..<8 {
            engine.masterGainDB = block % 2 == 0 ? -20 : 0
            changing += engine.render(frames: 512)
        }
        // Down to -20 dB once more: one ramp block, then two blocks (more than one 50 Hz period) at -20 dB.
        engine.masterGainDB = -20
        changing += engine.render(frames: 512)
        let settled = engine.render(frames: 1_024)
        changing += settled
        let toneStep = TestSignals.largestStep(steady)
        let rampStep = peak(steady) * (1 - Float(pow(10, -20.0 / 20))) / 512
        let worst = TestSignals.largestStep(changing)
        print("tone step \(toneStep), ramp step \(rampStep), worst step while changing \(worst)")
        #expect(toneStep > 0)
        #expect(worst <= (toneStep + rampStep) * 1.01)
        // The level really changed, and by 20 dB once the ramp is over.
        let ratio = peak(settled) / peak(steady)
        #expect(abs(ratio - 0.1) < 0.005, "peak ratio \(ratio) after -20 dB")
    }
}
