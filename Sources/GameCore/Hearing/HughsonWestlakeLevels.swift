// Where the hearing test starts and how far it may go, in the unit it runs in.

/// Calibrated headphones: dB HL from 40 (a comfortable start), down to −10, up to what the headphones can play
/// under the ceiling. Uncalibrated: dBFS from −60, down to −120, up to −4 dBFS RMS (−1 dBFS peak).
public struct HughsonWestlakeLevels: Sendable, Equatable {
    public var start: Double
    public var minimum: Double
    public var maximum: Double
    public var unit: AudiogramUnit

    public init(calibration: HeadphoneCalibration?, frequencies: [Double]) {
        if let calibration {
            unit = .hearingLevel
            start = 40
            minimum = -10
            maximum = min(120, calibration.maximumHearingLevel(frequencies: frequencies))
        } else {
            unit = .fullScaleUncalibrated
            start = -60
            minimum = -120
            maximum = -4
        }
    }
}
