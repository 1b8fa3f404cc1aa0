// The exposure meter's A-weighting, measured with tones: exact at 1 kHz, the IEC 61672 table elsewhere.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Exposure meter")
struct ExposureMeterTests {
    /// The meter's reading (dBFS, left ear) of a sine of `levelDBFS` RMS at `frequency`, fed in `block`-frame
    /// blocks: 0.5 s to let the weighting filters settle, then 2 s measured (the difference of the totals).
    private func reading(frequency: Double, levelDBFS: Double = -20, block: Int = 512) -> Double {
        let meter = ExposureMeter()
        let amplitude = pow(10, levelDBFS / 20) * 2.0.squareRoot()
        var frame = 0
        func feed(seconds: Double) {
            let end = frame + Int(seconds * 48_000)
            var samples = [Float](repeating: 0, count: 2 * block)
            while frame < end {
                for index in 0..<block {
                    let value = Float(amplitude * sin(2 * Double.pi * frequency * Double(frame + index) / 48_000))
                    samples[2 * index] = value
                    samples[2 * index + 1] = value / 10
                }
                samples.withUnsafeMutableBufferPointer { meter.process($0) }
                frame += block
            }
        }
        feed(seconds: 0.5)
        let settled = meter.totals
        feed(seconds: 2)
        let totals = meter.totals
        return 10 * log10((totals.leftEnergy - settled.leftEnergy) / Double(totals.frames - settled.frames))
    }

    @Test("−20 dBFS at 1 kHz reads −20.0 dBFS, whatever the block size; the other ear 20 dB lower")
    func oneKilohertzIsExact() {
        for block in [64, 512, 4_800] {
            let level = reading(frequency: 1_000, block: block)
            print("1 kHz, \(block)-frame blocks: \(level) dBFS")
            #expect(abs(level + 20) <= 0.05)
        }
        let meter = ExposureMeter()
        var samples = (0..<9_600).flatMap { index -> [Float] in
            let value = Float(0.1 * 2.0.squareRoot() * sin(2 * Double.pi * 1_000 * Double(index) / 48_000))
            return [value, value / 10]
        }
        samples.withUnsafeMutableBufferPointer { meter.process($0) }
        let totals = meter.totals
        #expect(abs((totals.laeqDBFS(left: true)! - totals.laeqDBFS(left: false)!) - 20) < 0.01)
        #expect(totals.frames == 9_600)
    }

    @Test("100 Hz reads 19.1 dB lower (IEC 61672-1 table: −19.1 dB), low frequencies within class 1")
    func lowFrequencies() {
        let table: [(Double, Double)] = [(31.5, -39.4), (63, -26.2), (100, -19.1), (250, -8.6), (500, -3.2)]
        for (frequency, weight) in table {
            let measured = reading(frequency: frequency) + 20
            print("\(frequency) Hz: \(measured) dB (table \(weight))")
            #expect(abs(measured - weight) <= (frequency == 100 ? 0.1 : 0.5), "at \(frequency) Hz")
        }
    }

    @Test("High frequencies within IEC 61672-1 class-1 tolerances")
    func highFrequencies() {
        // Frequency, table weighting, class-1 tolerance (upper, lower).
        let table: [(Double, Double, Double, Double)] = [
            (2_000, 1.2, 1.0, 1.0), (4_000, 1.0, 1.0, 1.0), (8_000, -1.1, 1.5, 2.5), (10_000, -2.5, 2.0, 3.0),
            (12_500, -4.3, 2.0, 5.0), (16_000, -6.6, 3.5, 17.0),
        ]
        for (frequency, weight, upper, lower) in table {
            let deviation = reading(frequency: frequency) + 20 - weight
            print("\(frequency) Hz: \(deviation) dB from the table")
            #expect(deviation <= upper && deviation >= -lower, "at \(frequency) Hz: \(deviation) dB")
        }
    }

    @Test("After the limiter in a tailored chain: a tone through the real engine reads what left the output stage")
    func measuresTheEnginesOutput() throws {
        let engine = try SpatialAudioEngine()
        engine.masterGainDB = -12
        let output = TailoredOutput(engine: engine, tailoring: .none)
        #expect(engine.outputChain.last === output.meter)
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.sine(frequency: 1_000, seconds: 1)),
            bearing: Bearing(degrees: 60),
            looping: true)
        source.play()
        for _ in 0..<48 { _ = engine.render(frames: 512) }
        let before = output.meter.totals
        var rendered: [Float] = []
        for _ in 0..<94 { rendered += engine.render(frames: 512) }
        let after = output.meter.totals
        #expect(after.frames - before.frames == 94 * 512)
        for (channel, energy) in [
            (0, after.leftEnergy - before.leftEnergy), (1, after.rightEnergy - before.rightEnergy),
        ] {
            let samples = stride(from: channel, to: rendered.count, by: 2).map { Double(rendered[$0]) }
            let played = 10 * log10(samples.map { $0 * $0 }.reduce(0, +) / Double(samples.count))
            let metered = 10 * log10(energy / Double(after.frames - before.frames))
            print("ear \(channel): played \(played) dBFS, metered \(metered) dB(A)FS")
            #expect(abs(played - metered) < 0.05)
        }
    }
}
