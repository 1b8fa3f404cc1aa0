// Prescription rules that turn an ear's hearing levels into gains: half-gain, NAL-R, or none.
import Foundation

/// How the per-ear gain is prescribed from an audiogram in dB HL.
public enum GainRule: String, Sendable, CaseIterable, Codable {
    /// Half the loss at each frequency.
    case halfGain = "half-gain"
    /// NAL-R (Byrne & Dillon 1986): G = 0.31·H + 0.15·(H500 + H1k + H2k)/3 + k(f).
    case nalR = "nal-r"
    /// No gain.
    case none

    /// NAL-R's frequency constants k in dB.
    public static let nalRConstants: [Double: Double] = [
        250: -17, 500: -8, 1000: 1, 1500: 1, 2000: -1, 3000: -2, 4000: -2, 6000: -2,
    ]

    /// The default cap a supervisor may change (`max_gain_db` in profile.json).
    public static let defaultMaxGainDB = 20.0
    /// The caps a supervisor may set (`--max-gain-db`, `max_gain_db`): checked here only, wherever one is given.
    public static let maxGainRangeDB: ClosedRange<Double> = 0...40

    /// Gains in dB at each frequency of `hearingLevels` (dB HL), never negative and never above `maxGainDB`.
    /// Values between given frequencies (H500, H1k, H2k for NAL-R; NAL-R's k) are interpolated on log frequency.
    public func gains(for hearingLevels: [Double: Double], maxGainDB: Double) -> [Double: Double] {
        guard self != .none, !hearingLevels.isEmpty else { return [:] }
        var result: [Double: Double] = [:]
        for (frequency, level) in hearingLevels {
            let gain: Double
            switch self {
            case .halfGain:
                gain = level / 2
            case .nalR:
                let average =
                    [500.0, 1000, 2000].map { Audiogram.interpolate(hearingLevels, at: $0)! }.reduce(0, +) / 3
                gain = 0.31 * level + 0.15 * average + Audiogram.interpolate(Self.nalRConstants, at: frequency)!
            case .none:
                gain = 0
            }
            result[frequency] = min(maxGainDB, max(0, gain))
        }
        return result
    }
}
