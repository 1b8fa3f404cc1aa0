// The week's listening dose read from a participant's session folders.
import Foundation
import StudyRecords

extension WeekDose {
    /// `WeekDose.of` (the rule) over the session.json files of `participant`.
    public static func past(logs: URL, participant: ParticipantID, before date: Date, excluding sessionID: String?)
        throws -> WeekDose
    {
        var records: [SessionRecord] = []
        for folder in SessionFolder.existing(logs: logs, participant: participant) {
            guard FileManager.default.fileExists(atPath: folder.sessionJSONURL.path) else { continue }
            records.append(try SessionRecord.read(folder.sessionJSONURL))
        }
        return of(records, before: date, excluding: sessionID)
    }
}
