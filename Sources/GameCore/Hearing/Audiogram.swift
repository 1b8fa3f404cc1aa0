// Hearing thresholds per ear and frequency, read on a log-frequency axis as audiologists do.
import Foundation

/// The unit of an audiogram's levels.
public enum AudiogramUnit: String, Sendable, Codable, CaseIterable {
    /// Clinical hearing level (a clinic's audiogram, or a hearing test with calibrated headphones).
    case hearingLevel = "dB HL"
    /// A hearing test without headphone calibration: the tone's RMS level relative to digital full scale.
    case fullScaleUncalibrated = "dB re full scale (uncalibrated)"
}

/// Thresholds in `unit` at frequencies in Hz, per ear. Missing frequencies are interpolated linearly on a
/// log-frequency axis and held constant beyond the measured range.
public struct Audiogram: Sendable, Equatable {
    public var unit: AudiogramUnit
    public var left: [Double: Double]
    public var right: [Double: Double]

    /// The frequencies of the standard test, in testing order after 1 kHz (Hughson-Westlake practice).
    public static let standardFrequencies: [Double] = [250, 500, 1000, 2000, 4000, 6000, 8000]
    /// Hearing levels a clinic audiogram can hold (audiometers run from −10 to 120 dB HL).
    public static let hearingLevelRange: ClosedRange<Double> = -10...120

    public init(unit: AudiogramUnit, left: [Double: Double], right: [Double: Double]) {
        self.unit = unit
        self.left = left
        self.right = right
    }

    public func thresholds(_ ear: Ear) -> [Double: Double] { ear == .left ? left : right }

    /// Every frequency measured on either ear, ascending.
    public var frequencies: [Double] { Set(left.keys).union(right.keys).sorted() }

    /// The threshold of `ear` at `frequency`, interpolated on log frequency; nil when the ear has no values.
    public func threshold(_ ear: Ear, at frequency: Double) -> Double? {
        Self.interpolate(thresholds(ear), at: frequency)
    }

    /// Linear interpolation on log₂(frequency), held constant outside the measured range.
    public static func interpolate(_ points: [Double: Double], at frequency: Double) -> Double? {
        let sorted = points.sorted { $0.key < $1.key }
        guard let first = sorted.first, let last = sorted.last else { return nil }
        if frequency <= first.key { return first.value }
        if frequency >= last.key { return last.value }
        let upper = sorted.firstIndex { $0.key >= frequency }!
        let (low, high) = (sorted[upper - 1], sorted[upper])
        let position = log2(frequency / low.key) / log2(high.key / low.key)
        return low.value + (high.value - low.value) * position
    }

    /// The frequency and ear with the largest threshold (the largest loss); ties go to the higher frequency,
    /// where tinnitus usually sits.
    public var largestLoss: (frequency: Double, ear: Ear, level: Double)? {
        var best: (frequency: Double, ear: Ear, level: Double)?
        for ear in Ear.allCases {
            for (frequency, level) in thresholds(ear) {
                if best == nil || level > best!.level || (level == best!.level && frequency > best!.frequency) {
                    best = (frequency, ear, level)
                }
            }
        }
        return best
    }

    /// This audiogram with `frequencies` measured again (`hearing-test --frequencies`): their old values are
    /// replaced by `new`'s (a frequency without a response now has none), every other frequency is kept.
    public func remeasured(_ frequencies: [Double], by new: Audiogram) -> Audiogram {
        func merge(_ old: [Double: Double], _ measured: [Double: Double]) -> [Double: Double] {
            old.filter { !frequencies.contains($0.key) }.merging(measured) { $1 }
        }
        return Audiogram(unit: new.unit, left: merge(left, new.left), right: merge(right, new.right))
    }
}
