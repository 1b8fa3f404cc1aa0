// A volume change is a fixed 512-frame ramp across blocks: measured as the energy it spreads above a 1 kHz tone.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

/// A gain that jumps between blocks (what the volume did without a ramp), for comparison.
private final class JumpingGain: OutputProcessor, @unchecked Sendable {
    var gain: Float = 1
    func process(_ block: UnsafeMutableBufferPointer<Float>) {
        for index in block.indices { block[index] *= gain }
    }
}

@Suite("Volume ramp")
struct VolumeRampTests {
    @Test(
        "The ramp lasts 512 frames whatever the block size, then holds the new gain", arguments: [64, 128, 512, 1_000])
    func rampLengthIsFixed(block: Int) {
        let volume = VolumeProcessor()
        volume.setTarget(left: 0.5, right: 0.25)
        var gains: [(Float, Float)] = []
        while gains.count < 1_024 {
            var ones = [Float](repeating: 1, count: 2 * block)
            ones.withUnsafeMutableBufferPointer { volume.process($0) }
            gains += stride(from: 0, to: ones.count, by: 2).map { (ones[$0], ones[$0 + 1]) }
        }
        #expect(abs(gains[255].0 - 0.75) < 1e-5 && abs(gains[255].1 - 0.625) < 1e-5, "half-way at frame 256")
        #expect(gains[510].0 > 0.5 && gains[511] == (0.5, 0.25))
        #expect(gains[511...].allSatisfy { $0 == (0.5, 0.25) })
        #expect(zip(gains, gains.dropFirst()).prefix(511).allSatisfy { $0.0.0 > $0.1.0 }, "falls every frame")
    }

    /// Energy above 3 kHz relative to the whole, in dB, of 8192 frames of the left ear around a −20 dB change
    /// of a 1 kHz tone rendered through the engine in `block`-frame blocks (Hann window).
    private func splatter(block: Int, ramped: Bool) throws -> Double {
        let engine = try SpatialAudioEngine()
        let jump = JumpingGain()
        engine.setOutputChain([engine.volume, jump])
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.sine(frequency: 1_000, seconds: 1)), looping: true)
        source.play()
        _ = engine.render(frames: 9_600)
        var rendered: [Float] = []
        // The change falls 4096 + 37 frames in, at no special phase of the tone.
        let changeAt = 4_096 + 37
        var frame = 0
        while rendered.count < 2 * 8_192 {
            let frames = min(block, (frame < changeAt ? changeAt : 8_192) - frame)
            if frame == changeAt {
                if ramped { engine.masterGainDB = -20 } else { jump.gain = 0.1 }
            }
            rendered += engine.render(frames: frames)
            frame += frames
        }
        var real = (0..<8_192).map { index in
            Double(rendered[2 * index]) * 0.5 * (1 - cos(2 * Double.pi * Double(index) / 8_191))
        }
        var imaginary = [Double](repeating: 0, count: 8_192)
        FFT.transform(real: &real, imaginary: &imaginary)
        let power = (0...4_096).map { real[$0] * real[$0] + imaginary[$0] * imaginary[$0] }
        let above = Int((3_000.0 / 48_000 * 8_192).rounded(.up))
        return 10 * log10(power[above...].reduce(0, +) / power.reduce(0, +))
    }

    @Test("A 1 kHz tone turned down 20 dB mid-stream: the ramp spreads far less energy above 3 kHz than a jump")
    func rampDoesNotSplatter() throws {
        for block in [128, 512] {
            let ramp = try splatter(block: block, ramped: true)
            let jump = try splatter(block: block, ramped: false)
            print("\(block)-frame blocks: above 3 kHz \(ramp) dB with the ramp, \(jump) dB with a jump")
            #expect(ramp < -75)
            #expect(jump - ramp > 25)
        }
    }
}
