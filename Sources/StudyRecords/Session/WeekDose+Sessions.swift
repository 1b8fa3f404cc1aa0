// The one rule for the week's listening dose over a participant's session records.
import Foundation
import GameCore

extension WeekDose {
    /// What the rule reads of a session: the study server has these as columns of its sessions table, so a
    /// participant's page counts with the rule without reading each session.json.
    public struct Entry: Sendable, Equatable {
        public var sessionID: String
        public var input: String
        public var startedAt: Date
        /// session.json's `exposure.dose_fraction`; nil when the headphones were not calibrated.
        public var doseFraction: Double?

        public init(sessionID: String, input: String, startedAt: Date, doseFraction: Double?) {
            self.sessionID = sessionID
            self.input = input
            self.startedAt = startedAt
            self.doseFraction = doseFraction
        }

        public init(_ record: SessionRecord) {
            self.init(
                sessionID: record.sessionID, input: record.environment.input, startedAt: record.startedAt,
                doseFraction: record.exposure?.doseFraction)
        }
    }

    /// The sessions that started in the 7 days before `date` and logged a dose (calibrated headphones), except
    /// `excluding` (the session being played, which adds its own dose) and a bot's offline sessions (`simulate`:
    /// nobody listened). The game (session.json's `week_dose_fraction`) and `status` both count with it.
    public static func of(_ sessions: [SessionRecord], before date: Date, excluding sessionID: String?) -> WeekDose {
        of(sessions.map(Entry.init), before: date, excluding: sessionID)
    }

    /// The same rule over what it reads of each session.
    public static func of(_ sessions: [Entry], before date: Date, excluding sessionID: String?) -> WeekDose {
        var week = WeekDose()
        for entry in sessions {
            guard entry.sessionID != sessionID, !entry.input.hasPrefix("bot-"), entry.startedAt <= date,
                date.timeIntervalSince(entry.startedAt) < ListeningDose.weekSeconds,
                let dose = entry.doseFraction
            else { continue }
            week.fraction += dose
            week.sessions += 1
        }
        return week
    }
}
