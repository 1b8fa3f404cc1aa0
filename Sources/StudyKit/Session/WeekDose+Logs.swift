// The week's listening dose read from a participant's session folders.
import Foundation
import GameCore
import StudyRecords

extension WeekDose {
    /// The sessions of `participant` that started in the 7 days before `date` and logged a dose (calibrated
    /// headphones), except `excluding` (the session being played, which adds its own dose) and a bot's offline
    /// sessions (`simulate`: nobody listened).
    public static func past(logs: URL, participant: ParticipantID, before date: Date, excluding sessionID: String?)
        throws -> WeekDose
    {
        var week = WeekDose()
        for folder in SessionFolder.existing(logs: logs, participant: participant) {
            guard FileManager.default.fileExists(atPath: folder.sessionJSONURL.path) else { continue }
            let record = try SessionRecord.read(folder.sessionJSONURL)
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
