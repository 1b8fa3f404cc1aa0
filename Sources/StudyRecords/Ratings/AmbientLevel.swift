// The sound level around the patient while they rated: ratings.csv's last two columns.
import Foundation

/// The level the microphone measured while a rating sitting was open (issue 45): never a recording, only this number.
/// `dBFS`: RMS re full scale of the microphone's samples (a sine of RMS 1 is 0 dBFS, as every dBFS level of the project),
/// unweighted, its DC offset removed; `dBA`: A-weighted, through the microphone calibration of the participant's
/// profile.json (`MicrophoneCalibration`). The two are different quantities, so a row always names its unit.
public struct AmbientLevel: Sendable, Equatable {
    public enum Unit: String, Sendable, CaseIterable {
        case dBFS
        case dBA
    }

    public var decibels: Double
    public var unit: Unit

    public init(decibels: Double, unit: Unit) {
        self.decibels = decibels
        self.unit = unit
    }

    /// One decimal: a level meter's resolution, well under the ±1 dB the measurement is good for.
    static let digits = 1
    /// What each unit can hold: no float sample exceeds full scale, and a calibrated level sits between a sound
    /// studio's quiet and pain.
    public static func plausible(_ unit: Unit) -> ClosedRange<Double> {
        switch unit {
        case .dBFS: -200...0
        case .dBA: -20...160
        }
    }
}
