// How different two HRTF sets sound: the log-spectral distance of their horizontal-plane transfer functions.
import Foundation
import GameCore

/// A set's transfer functions as OpenAL Soft renders them: the binaural impulse response at each horizontal
/// direction, rendered through the loopback device exactly as a session's sounds are (OpenAL's own default set
/// has no SOFA file, and an imported set is heard through its 48 kHz minimum-phase fit, not the SOFA data).
public struct RenderedHRTF: Sendable {
    /// The directions measured: 24 bearings, 15° apart, the whole horizontal circle.
    public static let bearings: [Double] = stride(from: 0.0, to: 360, by: 15).map { $0 }
    /// Samples kept of each response (10.7 ms at 48 kHz: every set's filter and interaural delay fit).
    public static let length = 512

    public let name: String
    /// Per bearing: left and right impulse response.
    public let left: [[Double]]
    public let right: [[Double]]

    /// Renders a unit impulse from each bearing with HRTF `name`. Throws the engine's sentence when the set
    /// cannot be used.
    public static func render(hrtfName name: String) throws -> RenderedHRTF {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required, hrtfName: name))
        // The impulse comes after the 5 ms start fade (`TransportRamp`), so it is heard at full gain.
        let lead = 480
        var samples = [Float](repeating: 0, count: lead + length)
        samples[lead] = 1
        let buffer = try engine.makeBuffer(
            MonoAudio(samples: samples, sampleRate: SpatialAudioEngine.sampleRate), name: "impulse")
        var left: [[Double]] = []
        var right: [[Double]] = []
        for bearing in bearings {
            let source = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: bearing))
            source.play()
            let output = engine.render(frames: lead + length + 64)
            let frames = (lead - 32)..<(lead - 32 + length)
            left.append(frames.map { Double(output[$0 * 2]) })
            right.append(frames.map { Double(output[$0 * 2 + 1]) })
            source.stop()
            _ = engine.render(frames: 512)
        }
        return RenderedHRTF(name: name, left: left, right: right)
    }

    /// Each response's magnitude in dB at the FFT bins from 200 Hz to 16 kHz: per bearing, left then right.
    var magnitudesDB: [[Double]] {
        let size = Self.length
        let low = Int((HRTFDistance.lowHz * Double(size) / Double(SpatialAudioEngine.sampleRate)).rounded(.up))
        let high = Int(HRTFDistance.highHz * Double(size) / Double(SpatialAudioEngine.sampleRate))
        return zip(left, right).map { pair in
            [pair.0, pair.1].flatMap { response -> [Double] in
                var real = response
                var imaginary = [Double](repeating: 0, count: size)
                FFT.transform(real: &real, imaginary: &imaginary)
                return (low...high).map { bin in
                    10 * log10(max(real[bin] * real[bin] + imaginary[bin] * imaginary[bin], 1e-12))
                }
            }
        }
    }
}

/// The distance measure of the simulated listener (and of anyone asking how alike two sets are): the
/// log-spectral distance, in dB, of the two sets' directional transfer functions (DTFs) over the 24
/// horizontal-plane directions, both ears, FFT bins from 200 Hz to 16 kHz. A DTF is the HRTF magnitude in dB
/// minus the set's common transfer function (its mean over the directions, per ear and bin; Middlebrooks 1999):
/// what differs between directions, where the ear's shape is; the measuring chain's equalization and the set's
/// level (each set's level policy differs) are common to all directions and cancel.
///
///     LSD = sqrt( mean over directions, ears and bins of (DTF₁ − DTF₂)² )
///
/// 0 dB for a set against itself.
public enum HRTFDistance {
    public static let lowHz = 200.0
    public static let highHz = 16_000.0

    public static func logSpectralDistance(_ x: RenderedHRTF, _ y: RenderedHRTF) -> Double {
        let differences = zip(directional(x.magnitudesDB), directional(y.magnitudesDB)).flatMap {
            zip($0.0, $0.1).map { $0 - $1 }
        }
        guard !differences.isEmpty else { return 0 }
        return (differences.reduce(0) { $0 + $1 * $1 } / Double(differences.count)).squareRoot()
    }

    /// Each direction's magnitudes minus the mean over the directions (per ear and bin).
    static func directional(_ magnitudes: [[Double]]) -> [[Double]] {
        guard let first = magnitudes.first else { return [] }
        let mean = first.indices.map { bin in magnitudes.reduce(0) { $0 + $1[bin] } / Double(magnitudes.count) }
        return magnitudes.map { zip($0, mean).map { $0 - $1 } }
    }
}

extension HRTFDistance {
    /// The distance of every pair of the named sets (row i, column j: set i against set j), each set rendered once.
    public static func matrix(names: [String]) throws -> [[Double]] {
        let rendered = try names.map { try RenderedHRTF.render(hrtfName: $0) }
        return rendered.map { x in rendered.map { y in logSpectralDistance(x, y) } }
    }
}
