// session.json's `exposure` object: how much sound a session delivered, and the week's listening dose.
import Foundation
import GameCore
import Localization
import TidyFormats

/// The A-weighted equivalent level of a session per ear (measured after the limiter), and, with calibrated
/// headphones, its level in dB(A) and its share of the weekly safe-listening allowance (`ListeningDose`).
/// The louder ear counts. Without a calibration there is no dB(A): only dBFS is logged and the doses are null.
public struct SessionExposure: Sendable, Equatable {
    public var calibrated: Bool
    public var durationSeconds: Double
    @ExplicitNull public var leftLAeqDBFS: Double? = nil
    @ExplicitNull public var rightLAeqDBFS: Double? = nil
    @ExplicitNull public var louderEar: Ear? = nil
    /// The louder ear's LAeq in dB(A); nil without a calibration.
    @ExplicitNull public var laeqDBA: Double? = nil
    /// This session's share of the weekly allowance; nil without a calibration.
    @ExplicitNull public var doseFraction: Double? = nil
    /// The participant's dose over the last 7 days, this session included; nil without a calibration.
    @ExplicitNull public var weekDoseFraction: Double? = nil
    /// The sessions the weekly dose adds up (those of the last 7 days with a dose, this one included).
    public var weekSessions: Int
    /// What the numbers mean, or why they are null (session.json `note`): set from `calibrated` when made, read
    /// back as the file says.
    public var note: String

    /// From the meter's levels (dBFS per ear, nil for a silent ear), the headphones' calibration if any, and
    /// the dose of the participant's other sessions in the last 7 days.
    public init(
        durationSeconds: Double, leftLAeqDBFS: Double?, rightLAeqDBFS: Double?, calibration: HeadphoneCalibration?,
        pastWeek: WeekDose
    ) {
        self.durationSeconds = durationSeconds
        self.leftLAeqDBFS = leftLAeqDBFS
        self.rightLAeqDBFS = rightLAeqDBFS
        calibrated = calibration != nil
        // Per ear in dB(A) when calibrated (the ears' calibrations may differ), else in dBFS.
        let levels = [(Ear.left, leftLAeqDBFS), (Ear.right, rightLAeqDBFS)].compactMap { ear, level in
            level.map { (ear, calibration?.soundLevel(fullScaleDB: $0, ear: ear) ?? $0) }
        }
        let louder = levels.max { $0.1 < $1.1 }
        louderEar = louder?.0
        if calibration != nil {
            laeqDBA = louder?.1
            let dose = louder.map { ListeningDose.fraction(laeqDBA: $0.1, seconds: durationSeconds) } ?? 0
            doseFraction = dose
            weekDoseFraction = pastWeek.fraction + dose
            weekSessions = pastWeek.sessions + 1
        } else {
            weekSessions = pastWeek.sessions
        }
        note = Self.note(calibrated: calibrated)
    }

    static func note(calibrated: Bool) -> String {
        calibrated
            ? "LAeq of what left the output stage (A-weighted, after the limiter), louder ear; dose = share of the "
                + "weekly allowance of 80 dB(A) for 40 h (ITU-T H.870, EU 2009/490/EC, 3 dB exchange rate)"
            : "headphones not calibrated (profile.json calibration is null): levels in dBFS only, no dB(A) and "
                + "no dose"
    }

    /// Past the weekly allowance: the window warns (and never stops the session).
    public var exceedsWeeklyAllowance: Bool { (weekDoseFraction ?? 0) > 1 }
}

extension SessionExposure: Codable {
    enum CodingKeys: String, CodingKey {
        case calibrated, note
        case durationSeconds = "duration_s"
        case leftLAeqDBFS = "left_laeq_dbfs"
        case rightLAeqDBFS = "right_laeq_dbfs"
        case louderEar = "louder_ear"
        case laeqDBA = "laeq_db"
        case doseFraction = "dose_fraction"
        case weekDoseFraction = "week_dose_fraction"
        case weekSessions = "week_sessions"
    }
}

/// The listening dose of a participant's sessions in a 7-day window (from their session.json `exposure`).
public struct WeekDose: Sendable, Equatable {
    public var fraction: Double
    public var sessions: Int

    public init(fraction: Double = 0, sessions: Int = 0) {
        self.fraction = fraction
        self.sessions = sessions
    }

    /// The window's warning once the allowance is used up; nil below it.
    public var warning: String? {
        guard fraction > 1 else { return nil }
        // Printed, never converted to Int: a damaged log's 1e300 trapped.
        return Translation.gettext(
            "Listening this week: {percent} % of the safe weekly allowance (80 dB(A) for 40 h). Please turn the volume down or take a break from listening.",
            ["percent": FixedDecimal.string(fraction * 100, digits: 0)])
    }
}
