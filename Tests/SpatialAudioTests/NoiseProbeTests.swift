// The pitch match's noise probe measured on the engine's output: in its 1/3 octave, as loud as the tone, under the ceiling, seamless.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Noise probe")
struct NoiseProbeTests {
    /// One ear's samples of `frames` frames rendered after the 20 ms fade-in.
    static func steady(
        _ play: (ToneGenerator) -> Void, frames: Int = NarrowBandNoise.loopFrames
    ) throws -> (left: [Double], right: [Double]) {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        let tone = ToneGenerator()
        engine.setOutputChain([tone, engine.volume, LimiterProcessor(ceilingDBFS: ToneGenerator.peakCeilingDBFS)])
        play(tone)
        _ = engine.render(frames: 4_800)
        let block = engine.render(frames: frames)
        return (
            stride(from: 0, to: block.count, by: 2).map { Double(block[$0]) },
            stride(from: 1, to: block.count, by: 2).map { Double(block[$0]) }
        )
    }

    static func rmsDB(_ samples: [Double]) -> Double {
        10 * log10(samples.reduce(0) { $0 + $1 * $1 } / Double(samples.count))
    }

    @Test(
        "Noise at 1, 4 and 12 kHz: ≥ 99 % of the energy in the 1/3 octave, > 100 dB down an octave away (one whole loop measured)",
        arguments: [1000.0, 4000, 12_000])
    func energyInBand(centerHz: Double) throws {
        // A whole loop played after the fade-in is the loop rotated: its spectrum is the loop's.
        let left = try Self.steady { _ = $0.play(frequencyHz: centerHz, levelDBFS: -30, ears: .left, probe: .noise) }
            .left
        var real = left
        var imaginary = [Double](repeating: 0, count: left.count)
        FFT.transform(real: &real, imaginary: &imaginary)
        let binHz = 48_000 / Double(left.count)
        let power = (0...(left.count / 2)).map { real[$0] * real[$0] + imaginary[$0] * imaginary[$0] }
        let band = NarrowBandNoise.band(centerHz: centerHz)
        let inBand = power.indices.filter { band.contains(Double($0) * binHz) }
        let inside = inBand.map { power[$0] }.reduce(0, +)
        let share = inside / power.reduce(0, +)
        let octaveAway = power.indices.filter {
            let f = Double($0) * binHz
            return f > 0 && (f <= centerHz / 2 || f >= centerHz * 2)
        }
        let far = octaveAway.map { power[$0] }.max()!
        let downDB = 10 * log10(inside / Double(inBand.count) / far)
        print(
            String(
                format: "%.0f Hz: %.5f %% in band, an octave away %.1f dB below the band's mean bin", centerHz,
                share * 100, downDB))
        #expect(share >= 0.99)
        #expect(downDB > 100)
    }

    @Test("Noise and tone at −30 dBFS have the same RMS within 0.1 dB")
    func sameLevelAsTone() throws {
        let noise = try Self.steady { _ = $0.play(frequencyHz: 3000, levelDBFS: -30, ears: .right, probe: .noise) }
        let tone = try Self.steady { _ = $0.play(frequencyHz: 3000, levelDBFS: -30, ears: .right, probe: .tone) }
        let (noiseDB, toneDB) = (Self.rmsDB(noise.right), Self.rmsDB(tone.right))
        print(String(format: "noise %.3f dBFS, tone %.3f dBFS", noiseDB, toneDB))
        #expect(abs(noiseDB - toneDB) < 0.1)
        #expect(abs(noiseDB + 30) < 0.1)
        #expect(noise.left.allSatisfy { $0 == 0 }, "one ear only")
    }

    @Test("Asked for 0 dBFS, the noise is turned down until its peak is at the −1 dBFS ceiling, not above")
    func peakUnderCeiling() throws {
        var played = 0.0
        let out = try Self.steady { played = $0.play(frequencyHz: 6000, levelDBFS: 0, ears: .both, probe: .noise) }
        let peak = 20 * log10(out.left.map(abs).max()!)
        print(String(format: "played at %.2f dBFS RMS, peak %.3f dBFS", played, peak))
        #expect(played < -8, "a Gaussian noise peaks ≥ 9 dB above its RMS")
        #expect(peak <= ToneGenerator.peakCeilingDBFS + 1e-4)
        #expect(peak > ToneGenerator.peakCeilingDBFS - 0.5, "the cap uses the loop's own peak, not a guess")
        #expect(abs(Self.rmsDB(out.left) - played) < 0.1)
        #expect(played == ToneGenerator.highestLevelDBFS(frequencyHz: 6000, probe: .noise), "the same loop's peak")
    }

    @Test("The loop's end runs into its start as smoothly as its own neighbouring samples (no click at the seam)")
    func seamlessLoop() throws {
        let loop = NarrowBandNoise.loop(centerHz: 8000, sampleRate: 48_000)
        let steps = zip(loop, loop.dropFirst()).map { abs($1 - $0) }
        let seam = abs(loop[0] - loop[loop.count - 1])
        let stepRMS = (steps.reduce(0) { $0 + Double($1 * $1) } / Double(steps.count)).squareRoot()
        print(String(format: "seam step %.4f, steps RMS %.4f, largest %.4f", seam, stepRMS, steps.max()!))
        #expect(seam <= steps.max()!)
        #expect(Double(seam) < 4 * stepRMS)
        // Played across the seam twice: no step in the output larger than the loop's own largest.
        let out = try Self.steady(
            { _ = $0.play(frequencyHz: 8000, levelDBFS: -20, ears: .left, probe: .noise) },
            frames: 2 * NarrowBandNoise.loopFrames + 100)
        let scale = pow(10, -20.0 / 20)
        let largest = zip(out.left, out.left.dropFirst()).map { abs($1 - $0) }.max()!
        #expect(largest <= Double(steps.max()!) * scale * 1.001)
    }

    @Test("Each ear at its own level: left −40, right −52 dBFS of one tone")
    func levelPerEar() throws {
        let out = try Self.steady { _ = $0.play(frequencyHz: 1000, leftDBFS: -40, rightDBFS: -52) }
        #expect(abs(Self.rmsDB(out.left) + 40) < 0.05)
        #expect(abs(Self.rmsDB(out.right) + 52) < 0.05)
    }
}
