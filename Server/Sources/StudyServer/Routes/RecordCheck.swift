// A batch's records against its path and the game's own checks: what passes the codec may still be impossible.
import Foundation
import StudyRecords

/// Every record of a batch names the participant and session of the file's folder, and passes the game's validation
/// of its kind (`ParticipantRecord`'s, `TrialRow`'s and `SessionRecord`'s `validationProblem`, `DiaryRow.problem`,
/// `HRTFChoiceRow.problem(inFileOf:)`); the first
/// record that does not is a 400 naming the file, the record and the field.
enum RecordCheck {
    static func check(_ decoded: DecodedItems, of path: SyncPath, first: Int) throws {
        let participant = path.participant?.value
        let session = path.session?.value
        func refuse(_ offset: Int, _ problem: String) -> Problem {
            Problem.badRequest(
                "Record \(first + offset) of \(path.file) is refused: \(problem). Fix the file, then sync again.")
        }
        func names(_ field: String, _ value: String?, _ expected: String?, _ offset: Int) throws {
            guard let expected, value != expected else { return }
            throw refuse(
                offset,
                "its \(field) is \((value ?? "empty").debugDescription), not \(expected.debugDescription) of its folder"
            )
        }
        switch decoded {
        case .participants(let records):
            for (offset, record) in records.enumerated() {
                if let problem = record.validationProblem() { throw refuse(offset, problem) }
            }
        case .trials(let rows):
            for (offset, row) in rows.enumerated() {
                try names("participant", row.participant, participant, offset)
                try names("session_id", row.sessionID, session, offset)
                if let problem = row.validationProblem() { throw refuse(offset, problem) }
            }
        case .session(let record):
            try names("participant", record.participant, participant, 0)
            try names("session_id", record.sessionID, session, 0)
            if let problem = record.validationProblem() { throw refuse(0, problem) }
        case .ratings(let rows):
            // The game's one check of a ratings.csv row (the analyzer's too): the folder's participant, an item of the
            // codebook asked at that moment, a value on its scale, a session folder's name and number.
            for (offset, row) in rows.enumerated() {
                if let (column, reason) = row.problem(inFileOf: participant) {
                    throw refuse(offset, "its \(column) \(Self.cell(row, column).debugDescription) \(reason)")
                }
            }
        case .questionnaires(let rows):
            for (offset, row) in rows.enumerated() {
                try names("participant", row.participant, participant, offset)
            }
        case .diary(let rows):
            for (offset, row) in rows.enumerated() {
                try names("participant", row.participant, participant, offset)
                if let problem = row.problem() { throw refuse(offset, problem) }
            }
        case .messages(let rows):
            // The codec refused what the game never writes (an id, a role, a text over 2,000 characters).
            for (offset, row) in rows.enumerated() {
                try names("participant", row.participant, participant, offset)
            }
        case .hrtfChoice(let rows):
            // The game's own check before it appends a row (HRTFChoiceRun): the pair, the answer, the winner row.
            for (offset, row) in rows.enumerated() {
                if let (column, reason) = row.problem(inFileOf: participant) {
                    throw refuse(offset, "its \(column) \(reason)")
                }
            }
        case .profile, .plan, .tracker, .picture:
            // A profile's versions are checked against the folder by SyncRoutes.validateProfile; a plan, a tracker's
            // readings and a picture name no participant or session of their own.
            break
        }
    }

    /// The text a ratings row holds in `column` (for the sentence; a number as Swift prints it, not 309 digits).
    private static func cell(_ row: RatingRow, _ column: String) -> String {
        if column == "value" { return row.value.map { "\($0)" } ?? "" }
        let values = row.values
        guard let index = RatingRow.columns.firstIndex(of: column), index < values.count else { return "" }
        return String(values[index].encoded.prefix(80))
    }
}
