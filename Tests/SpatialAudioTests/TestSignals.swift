// Deterministic test signals (white noise, silence) and helpers shared by the SpatialAudio tests.
import Foundation

@testable import SpatialAudio

enum TestSignals {
    /// Uniform white noise at about -10 dBFS RMS from a fixed seed (xorshift), so every run hears the same noise.
    static func whiteNoise(seconds: Double, sampleRate: Int = 48_000, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> MonoAudio
    {
        var state = seed
        let count = Int(seconds * Double(sampleRate))
        let samples = (0..<count).map { _ -> Float in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Float(Double(state >> 11) / Double(1 << 53) * 2 - 1) * 0.55
        }
        return MonoAudio(samples: samples, sampleRate: sampleRate)
    }

    /// A sine tone of `amplitude` at `frequency` Hz: smooth, so a click in the output stands out.
    static func sine(frequency: Double, amplitude: Float = 0.5, seconds: Double, sampleRate: Int = 48_000) -> MonoAudio
    {
        let count = Int(seconds * Double(sampleRate))
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        return MonoAudio(samples: (0..<count).map { amplitude * Float(sin(step * Double($0))) }, sampleRate: sampleRate)
    }

    /// The largest change from one frame to the next in either ear of an interleaved stereo block.
    static func largestStep(_ interleaved: [Float]) -> Float {
        stride(from: 2, to: interleaved.count, by: 1).map { abs(interleaved[$0] - interleaved[$0 - 2]) }.max() ?? 0
    }

    /// A fresh temporary folder for one test.
    static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("spatialaudio-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Renders looping white noise from `bearing` with the listener facing `heading`, skipping the first
    /// 100 ms (the mixer's gain ramp), and returns `seconds` of interleaved stereo.
    static func renderNoise(
        bearing: Double, heading: Double = 0, seconds: Double = 0.5,
        engine: SpatialAudioEngine? = nil
    ) throws -> [Float] {
        let engine = try engine ?? SpatialAudioEngine()
        let buffer = try engine.makeBuffer(whiteNoise(seconds: 1), name: "noise")
        let source = try engine.makeSource(buffer: buffer, bearing: .init(degrees: bearing), looping: true)
        engine.heading = .init(degrees: heading)
        source.play()
        _ = engine.render(frames: 4_800)
        return engine.render(frames: Int(seconds * 48_000))
    }
}
