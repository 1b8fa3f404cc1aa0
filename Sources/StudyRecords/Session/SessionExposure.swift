// session.json's `exposure` object: how much sound a session delivered, and the week's listening dose.
import Foundation
import GameCore

/// The A-weighted equivalent level of a session per ear (measured after the limiter), and, with calibrated
/// headphones, its level in dB(A) and its share of the weekly safe-listening allowance (`ListeningDose`).
/// The louder ear counts. Without a calibration there is no dB(A): only dBFS is logged and the doses are null.
public struct SessionExposure: Sendable, Equatable {
    public var calibrated: Bool
    public var durationSeconds: Double
    public var leftLAeqDBFS: Double?
    public var rightLAeqDBFS: Double?
    public var louderEar: Ear?
    /// The louder ear's LAeq in dB(A); nil without a calibration.
    public var laeqDBA: Double?
    /// This session's share of the weekly allowance; nil without a calibration.
    public var doseFraction: Double?
    /// The participant's dose over the last 7 days, this session included; nil without a calibration.
    public var weekDoseFraction: Double?
    /// The sessions the weekly dose adds up (those of the last 7 days with a dose, this one included).
    public var weekSessions: Int

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
    }

    /// What the numbers mean, or why they are null (session.json `note`).
    public var note: String {
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

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(calibrated, forKey: .calibrated)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(leftLAeqDBFS, forKey: .leftLAeqDBFS)
        try container.encode(rightLAeqDBFS, forKey: .rightLAeqDBFS)
        try container.encode(louderEar, forKey: .louderEar)
        try container.encode(laeqDBA, forKey: .laeqDBA)
        try container.encode(doseFraction, forKey: .doseFraction)
        try container.encode(weekDoseFraction, forKey: .weekDoseFraction)
        try container.encode(weekSessions, forKey: .weekSessions)
        try container.encode(note, forKey: .note)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        calibrated = try container.decode(Bool.self, forKey: .calibrated)
        durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
        leftLAeqDBFS = try container.decodeIfPresent(Double.self, forKey: .leftLAeqDBFS)
        rightLAeqDBFS = try container.decodeIfPresent(Double.self, forKey: .rightLAeqDBFS)
        louderEar = try container.decodeIfPresent(Ear.self, forKey: .louderEar)
        laeqDBA = try container.decodeIfPresent(Double.self, forKey: .laeqDBA)
        doseFraction = try container.decodeIfPresent(Double.self, forKey: .doseFraction)
        weekDoseFraction = try container.decodeIfPresent(Double.self, forKey: .weekDoseFraction)
        weekSessions = try container.decode(Int.self, forKey: .weekSessions)
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
        return "Listening this week: \(Int((fraction * 100).rounded())) % of the safe weekly allowance "
            + "(80 dB(A) for 40 h). Please turn the volume down or take a break from listening."
    }
}
