// Band-limited sample-rate conversion with libsoxr, for sound files and imported HRTFs.
import CSoxr
import Foundation

/// Converts mono float audio between rates with libsoxr at its "very high quality" setting.
///
/// Why libsoxr rather than libsamplerate: at VHQ soxr's filter is 28-bit precise (stop band ≈ 170 dB down)
/// with a passband flat to a few thousandths of a dB up to 91 % of the lower Nyquist frequency, and it is
/// several times faster than libsamplerate's best sinc converter, which stops at ≈ 145 dB; both are in Debian.
/// OpenAL Soft's own converter (used before for files not at 48 kHz) interpolates linearly and aliases.
public enum Resampler {
    /// `samples` at `inputRate` converted to `outputRate`; the output has round(count · out / in) samples and
    /// is aligned with the input (soxr's filter delay is removed).
    public static func resample(_ samples: [Float], from inputRate: Int, to outputRate: Int) throws -> [Float] {
        precondition(inputRate > 0 && outputRate > 0, "sample rates must be positive")
        if inputRate == outputRate || samples.isEmpty { return samples }
        let outputCount = Int((Double(samples.count) * Double(outputRate) / Double(inputRate)).rounded())
        var output = [Float](repeating: 0, count: outputCount)
        var quality = soxr_quality_spec(UInt(SOXR_VHQ), 0)
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var done = 0
        let error = samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                soxr_oneshot(
                    Double(inputRate), Double(outputRate), 1, input.baseAddress, input.count, nil,
                    out.baseAddress, out.count, &done, &io, &quality, nil)
            }
        }
        if let error {
            throw SpatialAudioError.resamplingFailed(
                from: inputRate, to: outputRate, reason: String(cString: error))
        }
        if done < outputCount { output.removeLast(outputCount - done) }
        return output
    }

    /// Double-precision convenience for impulse responses.
    static func resample(_ samples: [Double], from inputRate: Int, to outputRate: Int) throws -> [Double] {
        try resample(samples.map { Float($0) }, from: inputRate, to: outputRate).map { Double($0) }
    }
}
