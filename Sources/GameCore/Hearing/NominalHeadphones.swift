// Without a headphone calibration: a nominal one to place dB HL values on the full-scale axis and back.
import Foundation

/// Headphones assumed to give 100 dB SPL for a 0 dBFS sine, with the reference thresholds (RETSPL) of a
/// supra-aural earphone (ANSI S3.6, TDH-39). Used where a dB HL value must become a digital level without a
/// measured calibration: the simulated listener of `hearing-test --bot simulated`, and the pitch match's probe
/// level for a clinic audiogram. The result is "dB re full scale (uncalibrated)" and says so.
public struct NominalHeadphones: Sendable {
    public static let dbSPLAtFullScale = 100.0
    public static let retspl: [Double: Double] = [
        125: 45, 250: 25.5, 500: 11.5, 750: 8, 1000: 7, 1500: 6.5, 2000: 9, 3000: 10, 4000: 9.5, 6000: 15.5, 8000: 13,
    ]

    public init() {}

    public func fullScale(hearingLevel: Double, at frequency: Double) -> Double {
        hearingLevel + Audiogram.interpolate(Self.retspl, at: frequency)! - Self.dbSPLAtFullScale
    }

    /// A threshold of `audiogram` (either unit) as a digital level.
    public func fullScale(_ level: Double, unit: AudiogramUnit, at frequency: Double) -> Double {
        unit == .hearingLevel ? fullScale(hearingLevel: level, at: frequency) : level
    }
}
