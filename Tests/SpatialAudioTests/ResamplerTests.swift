// libsoxr resampling as the engine uses it: passband flat within 0.1 dB, content above the new Nyquist ≥ 90 dB down.
import Foundation
import Testing

@testable import SpatialAudio

@Suite("Resampler")
struct ResamplerTests {
    /// Level in dB (re full-scale sine) of `frequency` in `signal` at `rate`: a Hann-windowed DFT bin.
    static func level(of frequency: Double, in signal: [Float], rate: Int) -> Double {
        let count = signal.count
        var real = 0.0
        var imaginary = 0.0
        for (n, sample) in signal.enumerated() {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(n) / Double(count))
            let phase = 2 * Double.pi * frequency * Double(n) / Double(rate)
            real += Double(sample) * window * cos(phase)
            imaginary -= Double(sample) * window * sin(phase)
        }
        return 20 * log10((real * real + imaginary * imaginary).squareRoot() / (Double(count) / 4))
    }

    static func sine(_ frequency: Double, rate: Int, seconds: Double = 0.5) -> [Float] {
        (0..<Int(Double(rate) * seconds)).map { Float(sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
    }

    @Test("44.1 and 96 kHz to 48 kHz: tones up to 20 kHz keep their level within 0.1 dB", arguments: [44_100, 96_000])
    func passbandIsFlat(rate: Int) throws {
        for frequency in [100.0, 1_000, 5_000, 10_000, 15_000, 20_000] {
            let output = try Resampler.resample(Self.sine(frequency, rate: rate), from: rate, to: 48_000)
            #expect(output.count == 24_000)
            let level = Self.level(of: frequency, in: Array(output[2_000..<22_000]), rate: 48_000)
            #expect(abs(level) < 0.1, "\(frequency) Hz from \(rate) Hz: \(level) dB")
        }
    }

    @Test("96 kHz to 48 kHz: tones above 24 kHz leave no alias louder than −90 dB")
    func stopBandIsDeep() throws {
        for frequency in [25_000.0, 30_000, 40_000] {
            let output = try Resampler.resample(Self.sine(frequency, rate: 96_000), from: 96_000, to: 48_000)
            let alias = 48_000 - frequency
            let level = Self.level(of: alias, in: Array(output[2_000..<22_000]), rate: 48_000)
            let peak = output[2_000..<22_000].map { abs($0) }.max() ?? 0
            print(
                String(
                    format: "resampler.alias_db %.0f Hz → %.1f dB, peak %.1f dB", frequency, level,
                    20 * log10(Double(peak))))
            #expect(level < -90, "alias of \(frequency) Hz at \(alias) Hz: \(level) dB")
            #expect(20 * log10(Double(peak)) < -90, "\(frequency) Hz: peak \(20 * log10(Double(peak))) dB")
        }
    }

    @Test("The engine resamples a 96 kHz sound on load: a 30 kHz tone is inaudible (≤ −90 dB), a 1 kHz tone is kept")
    func engineResamplesOnLoad() throws {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        func peakDB(_ frequency: Double) throws -> Double {
            let buffer = try engine.makeBuffer(
                MonoAudio(samples: Self.sine(frequency, rate: 96_000), sampleRate: 96_000))
            #expect(buffer.sampleRate == 48_000)
            #expect(buffer.frameCount == 24_000)
            let source = try engine.makeSource(buffer: buffer)
            source.play()
            let output = engine.render(frames: 20_000)
            source.stop()
            _ = engine.render(frames: 64)
            return 20 * log10(Double(output[4_000...].map { abs($0) }.max() ?? 0))
        }
        let audible = try peakDB(1_000)
        let alias = try peakDB(30_000)
        print(String(format: "resampler.engine 1 kHz %.1f dB, 30 kHz alias %.1f dB", audible, alias))
        #expect(audible > -12)
        #expect(alias - audible < -90)
    }
}
