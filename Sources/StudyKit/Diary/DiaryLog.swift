// A participant's diary.csv on disk: entries appended under the file's lock, fsync'ed, owner-only, never rewritten.
import Foundation
import StudyRecords
import TidyFormats

public struct DiaryLog {
    public let participant: ParticipantID
    private let log: RecordLog<DiaryRow>
    public var url: URL { log.url }

    public init(logs: URL, participant: ParticipantID) {
        self.participant = participant
        log = RecordLog(logs: logs, participant: participant, name: "diary.csv")
    }

    /// Every row so far (a last row a crash cut off is not among them).
    public func rows() throws -> [DiaryRow] { try log.rows() }

    /// Appends what `make` builds from the rows so far, under the file's exclusive lock (two adds at once get two
    /// ids); the row is checked first and a problem is one sentence naming the flag.
    @discardableResult
    public func append(_ make: ([DiaryRow]) throws -> DiaryRow) throws -> DiaryRow {
        try log.append { rows in
            let row = try make(rows)
            if let problem = row.problem() { throw DiaryError(problem: problem) }
            return [row]
        }[0]
    }
}
