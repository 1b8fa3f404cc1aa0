// A participant's logs read into the doctor's record (`PatientRecord`): for `export`, the game's "For my doctor" and
// the study server (which lays a participant's synced files out as a logs folder first).
import Foundation
import StudyKit
import StudyRecords

/// Reads a participant's logs into a `PatientRecord`, through StudyKit's readers only.
/// `appVersion` is the program exporting (the game's or the server's version), printed on the PDF's every page.
public enum PatientRecordReader {
    public static func read(
        logs: URL, participant: ParticipantID, library: InstrumentLibrary?, today: Date, appVersion: String
    ) throws -> PatientRecord {
        var record = PatientRecord(participant: participant.value, exportedAt: today, appVersion: appVersion)
        record.profiles = try HearingProfile.loadAll(logs: logs, participant: participant.value)
        var sessions: [PatientRecord.Session] = []
        for folder in SessionFolder.existing(logs: logs, participant: participant).reversed() {
            // A folder without a readable session.json held no session (a crash before anything was written).
            guard FileManager.default.fileExists(atPath: folder.sessionJSONURL.path) else { continue }
            let session = try SessionRecord.read(folder.sessionJSONURL)
            var summary: SessionSummary?
            if FileManager.default.fileExists(atPath: folder.trialsURL.path) {
                let rows = try TrialRow.readAll(from: folder.trialsURL)
                // The one per-session computation, shared with the progress chart, `progress` and the server.
                summary = rows.isEmpty ? nil : SessionSummary.of(rows)
            }
            sessions.append(PatientRecord.Session(record: session, summary: summary))
        }
        record.sessions = sessions
        record.ratings = try RatingsLog(logs: logs, participant: participant).storedRows()
        record.questionnaireRows = try QuestionnaireLog(logs: logs, participant: participant).rows()
        record.diary = DiaryState.current(try DiaryLog(logs: logs, participant: participant).rows())
        if let plan = try AssignedPlan.current(logs: logs, participant: participant) {
            record.plan = plan
            record.schedule = PlanSchedule.of(plan, sessions: sessions.map(\.record), today: today)
        }
        if let library, !record.questionnaireRows.isEmpty {
            let entries = try library.all()
            for row in record.questionnaireRows {
                let key = PatientRecord.InstrumentKey(id: row.instrument, version: row.instrumentVersion)
                guard record.instruments[key] == nil else { continue }
                let matching = entries.filter { $0.instrument.id == key.id && $0.instrument.version == key.version }
                let chosen = matching.first { $0.instrument.language == row.language } ?? matching.first
                if let chosen { record.instruments[key] = chosen.instrument }
            }
        }
        return record
    }
}
