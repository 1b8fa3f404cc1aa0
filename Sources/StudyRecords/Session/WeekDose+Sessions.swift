// The one rule for the week's listening dose over a participant's session records.
import Foundation
import GameCore

extension WeekDose {
    /// The sessions that started in the 7 days before `date` and logged a dose (calibrated headphones), except
    /// `excluding` (the session being played, which adds its own dose) and a bot's offline sessions (`simulate`:
    /// nobody listened). The game (session.json's `week_dose_fraction`) and `status` both count with it.
    public static func of(_ sessions: [SessionRecord], before date: Date, excluding sessionID: String?) -> WeekDose {
        var week = WeekDose()
        for record in sessions {
            guard record.sessionID != sessionID, !record.environment.input.hasPrefix("bot-"), record.startedAt <= date,
                date.timeIntervalSince(record.startedAt) < ListeningDose.weekSeconds,
                let dose = record.exposure?.doseFraction
            else { continue }
            week.fraction += dose
            week.sessions += 1
        }
        return week
    }
}
