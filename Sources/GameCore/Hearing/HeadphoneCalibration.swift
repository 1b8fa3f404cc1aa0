// Headphone calibration: dB SPL a 0 dBFS sine gives per ear, to turn dB HL into digital levels and back.
import Foundation

/// A supervisor's measurement of the headphones ("dB SPL at 0 dBFS" per ear, profile.json `calibration`), with
/// the reference thresholds (RETSPL) of a supra-aural earphone (ANSI S3.6, TDH-39): dBFS = HL + RETSPL − SPL₀.
/// Without a measurement, `nominal` (100 dB SPL) places a simulated dB HL listener, or a clinic audiogram's
/// pitch-match probe, on the full-scale axis; results then stay "dB re full scale (uncalibrated)".
public struct HeadphoneCalibration: Sendable, Equatable {
    public var leftDBSPLAtFullScale: Double
    public var rightDBSPLAtFullScale: Double

    public static let nominal = HeadphoneCalibration(leftDBSPLAtFullScale: 100, rightDBSPLAtFullScale: 100)
    /// What a calibration can plausibly be for headphones.
    public static let plausibleRange: ClosedRange<Double> = 70...140
    public static let retspl: [Double: Double] = [
        125: 45, 250: 25.5, 500: 11.5, 750: 8, 1000: 7, 1500: 6.5, 2000: 9, 3000: 10, 4000: 9.5, 6000: 15.5, 8000: 13,
    ]

    public init(leftDBSPLAtFullScale: Double, rightDBSPLAtFullScale: Double) {
        self.leftDBSPLAtFullScale = leftDBSPLAtFullScale
        self.rightDBSPLAtFullScale = rightDBSPLAtFullScale
    }

    public func fullScale(hearingLevel: Double, at frequency: Double, ear: Ear) -> Double {
        hearingLevel + Audiogram.interpolate(Self.retspl, at: frequency)!
            - (ear == .left ? leftDBSPLAtFullScale : rightDBSPLAtFullScale)
    }

    /// A level of an audiogram in either unit as a digital level.
    public func fullScale(_ level: Double, unit: AudiogramUnit, at frequency: Double, ear: Ear) -> Double {
        unit == .hearingLevel ? fullScale(hearingLevel: level, at: frequency, ear: ear) : level
    }

    /// A level played to both ears at once (the pitch match's probe): each ear by its own calibration, so
    /// 40 dB HL is 12 dB lower in digits on an earpiece 12 dB more sensitive.
    public func fullScaleBothEars(_ level: Double, unit: AudiogramUnit, at frequency: Double) -> (
        left: Double, right: Double
    ) {
        (
            fullScale(level, unit: unit, at: frequency, ear: .left),
            fullScale(level, unit: unit, at: frequency, ear: .right)
        )
    }

    /// The highest hearing level every frequency in `frequencies` can be played at on both ears with its
    /// peak at most `peakDBFS` (a sine's RMS is 3 dB below its peak).
    public func maximumHearingLevel(frequencies: [Double], peakDBFS: Double = -1) -> Double {
        frequencies.flatMap { frequency in
            Ear.allCases.map { ear in peakDBFS - 3 - fullScale(hearingLevel: 0, at: frequency, ear: ear) }
        }.min() ?? 0
    }
}
