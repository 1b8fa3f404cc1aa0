// The safe-listening allowance (ITU-T H.870, EU 2009/490/EC): 80 dB(A) for 40 h a week, equal energy.
import Foundation

/// A listening dose as a fraction of the weekly allowance of ITU-T H.870 / EU Commission decision 2009/490/EC:
/// 80 dB(A) for 40 hours a week, with the equal-energy rule (3 dB more halves the time), so 83 dB(A) for 20 h
/// is a dose of 1.0 as well. Only meaningful for calibrated headphones (a level in dB(A), not dBFS).
public enum ListeningDose {
    public static let allowanceLevelDBA = 80.0
    public static let allowanceHours = 40.0
    /// The days a weekly dose looks back over.
    public static let weekSeconds = 7 * 24 * 3600.0

    /// The fraction of the weekly allowance that `seconds` at `laeqDBA` use.
    public static func fraction(laeqDBA: Double, seconds: Double) -> Double {
        seconds / (allowanceHours * 3600) * pow(10, (laeqDBA - allowanceLevelDBA) / 10)
    }
}

extension HeadphoneCalibration {
    /// The sound pressure level (dB SPL, or dB(A) for an A-weighted level) a digital level gives on `ear`.
    public func soundLevel(fullScaleDB: Double, ear: Ear) -> Double {
        fullScaleDB + (ear == .left ? leftDBSPLAtFullScale : rightDBSPLAtFullScale)
    }
}
