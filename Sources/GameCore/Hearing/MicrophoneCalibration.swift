// Microphone calibration: what a sound of known level read, to turn the ambient level in dBFS into dB(A).
import Foundation

/// A supervisor's measurement of the microphone (profile.json `microphone_calibration`), kept as they entered it:
/// a sound of `referenceDBSPL` (a sound level calibrator, 94 dB SPL at 1 kHz, where A-weighting is 0 dB) read
/// `readsDBFS` as the ratings' ambient level logs it uncalibrated. Every level the microphone reads then moves by the
/// same offset: dB(A) = A-weighted dBFS − readsDBFS + referenceDBSPL. Beside `HeadphoneCalibration`, which does the
/// same for what the headphones play.
public struct MicrophoneCalibration: Sendable, Equatable {
    public var referenceDBSPL: Double
    public var readsDBFS: Double

    /// What a reference sound can plausibly be (calibrators give 94 or 114 dB SPL; a meter's reading of a steady
    /// sound may be lower).
    public static let plausibleReference: ClosedRange<Double> = 40...140
    /// What a reading in dBFS can be: below full scale, above the noise floor of a float sample.
    public static let plausibleReading: ClosedRange<Double> = -120...0

    public init(referenceDBSPL: Double, readsDBFS: Double) {
        self.referenceDBSPL = referenceDBSPL
        self.readsDBFS = readsDBFS
    }

    /// An A-weighted level in dBFS as dB(A).
    public func dBA(fromAWeightedDBFS level: Double) -> Double { level - readsDBFS + referenceDBSPL }
}
