// Answers a participant gave on the study server's web questionnaire (`/q/TOKEN`), appended to their
// questionnaires.csv at a sync, so the game continues an administration begun on the web.
import Foundation
import StudyRecords
import TidyFormats

public enum WebAnswers {
    /// Appends each row not in the participant's questionnaires.csv yet (an item of an administration is written
    /// once, however often it arrives, and never after the administration's `finished` row: a finished one is
    /// locked) and returns the rows written and the last id handled. A participant without a folder here is written
    /// only on a machine with no participant's folder yet (a home PC set up before its first session, as a
    /// prescription reaches it); otherwise the patient plays elsewhere and nothing is made for them. A row the game's
    /// codec refuses is one sentence naming it, and the cursor stays before it.
    public static func apply(_ fetched: SyncClient.WebAnswers, logs: URL) throws
        -> (written: [QuestionnaireRow], last: Int?)
    {
        guard !fetched.rows.isEmpty else { return ([], nil) }
        let text = CSVWriter.headerLine(fetched.columns) + fetched.rows.map(\.line).joined()
        let rows: [QuestionnaireRow]
        do {
            let file = try CSVLogFile<QuestionnaireRow>.decode(Data(text.utf8), file: "the server's web answers")
            guard file.header == QuestionnaireRow.columns, file.records.count == fetched.rows.count else {
                throw SyncError("the columns are not questionnaires.csv's")
            }
            rows = file.records
        } catch {
            throw SyncError(
                "The server's web answers \(fetched.rows.first?.id ?? 0) to \(fetched.rows.last?.id ?? 0) cannot be read (\(error)): update the game, then sync again."
            )
        }
        let fresh = participantFolders(logs).isEmpty
        var written: [QuestionnaireRow] = []
        for (participant, theirs) in Dictionary(grouping: rows, by: \.participant).sorted(by: { $0.key < $1.key }) {
            let id = try ParticipantID(participant)
            guard fresh || SyncPlan.isFolder(logs.appendingPathComponent(id.value)) else { continue }
            written += try QuestionnaireLog(logs: logs, participant: id).append { held in
                var given = Set(held.map { "\($0.administration)\t\($0.record.rawValue)\t\($0.item)" })
                var finished = Set(held.filter { $0.record == .finished }.map(\.administration))
                var new: [QuestionnaireRow] = []
                for row in theirs where !finished.contains(row.administration) {
                    guard given.insert("\(row.administration)\t\(row.record.rawValue)\t\(row.item)").inserted
                    else { continue }
                    if row.record == .finished { finished.insert(row.administration) }
                    new.append(row)
                }
                return new
            }
        }
        return (written, fetched.rows.map(\.id).max())
    }

    /// The participants' folders of a logs folder.
    static func participantFolders(_ logs: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: logs.path)) ?? []).filter {
            (try? ParticipantID($0)) != nil && SyncPlan.isFolder(logs.appendingPathComponent($0))
        }
    }
}
