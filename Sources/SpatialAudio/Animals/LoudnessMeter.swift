// EBU R 128 integrated loudness and peaks through libebur128: the one loudness measurement of calls and renders.
import CEbur128
import Foundation

/// Integrated loudness (LUFS, ITU-R BS.1770 K-weighting with its two gates), sample peak and true peak
/// (4× oversampled, dBTP) of interleaved float audio, measured by libebur128 as broadcasters measure.
public struct Loudness: Sendable, Equatable {
    /// Integrated loudness in LUFS; −∞ when nothing passes the −70 LUFS gate or the audio is shorter than
    /// one 400 ms gating block.
    public let integratedLUFS: Double
    /// The largest absolute sample over all channels, in dBFS.
    public let samplePeakDBFS: Double
    /// The largest inter-sample peak over all channels, in dBTP.
    public let truePeakDBTP: Double

    /// Measures `interleaved` audio of `channels` channels at `sampleRate`. A stereo render is measured
    /// with both channels weighted 1 (BS.1770's left and right), so a binaural render sums both ears.
    public static func measure(interleaved: [Float], channels: Int, sampleRate: Int) throws -> Loudness {
        guard channels > 0, sampleRate > 0 else {
            throw LoudnessError.invalidFormat(channels: channels, rate: sampleRate)
        }
        let mode = Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue)
        var state = ebur128_init(UInt32(channels), UInt(sampleRate), mode)
        guard state != nil else { throw LoudnessError.invalidFormat(channels: channels, rate: sampleRate) }
        defer { ebur128_destroy(&state) }
        let frames = interleaved.count / channels
        let added = interleaved.withUnsafeBufferPointer {
            ebur128_add_frames_float(state, $0.baseAddress, frames)
        }
        guard added == EBUR128_SUCCESS.rawValue else { throw LoudnessError.failed(code: Int(added)) }
        var integrated = 0.0
        guard ebur128_loudness_global(state, &integrated) == EBUR128_SUCCESS.rawValue else {
            throw LoudnessError.failed(code: -1)
        }
        var samplePeak = 0.0
        var truePeak = 0.0
        for channel in 0..<channels {
            var value = 0.0
            ebur128_sample_peak(state, UInt32(channel), &value)
            samplePeak = max(samplePeak, value)
            ebur128_true_peak(state, UInt32(channel), &value)
            truePeak = max(truePeak, value)
        }
        return Loudness(
            integratedLUFS: integrated.isFinite ? integrated : -.infinity,
            samplePeakDBFS: decibels(samplePeak), truePeakDBTP: decibels(truePeak))
    }

    /// Mono audio (a call as a file holds it).
    public static func measure(_ audio: MonoAudio) throws -> Loudness {
        try measure(interleaved: audio.samples, channels: 1, sampleRate: audio.sampleRate)
    }

    static func decibels(_ amplitude: Double) -> Double { amplitude > 0 ? 20 * log10(amplitude) : -.infinity }
}

/// libebur128 refused the audio's format or failed while measuring.
public enum LoudnessError: Error, CustomStringConvertible {
    case invalidFormat(channels: Int, rate: Int)
    case failed(code: Int)
    case noIntegratedLoudness(seconds: Double)

    public var description: String {
        switch self {
        case .invalidFormat(let channels, let rate):
            "libebur128 cannot measure \(channels) channels at \(rate) Hz; give 1 to 64 channels at a real sample rate."
        case .noIntegratedLoudness(let seconds):
            String(
                format: "%.2f s of audio has no integrated loudness (silent, or shorter than one 400 ms block); "
                    + "give a longer sound", seconds)
        case .failed(let code):
            "libebur128 failed while measuring loudness (error \(code)); the audio may be corrupt."
        }
    }
}
