// A participant's questionnaires.csv on disk: rows appended under the file's lock, fsync'ed, owner-only, never rewritten.
import Foundation
import StudyRecords

public struct QuestionnaireLog: Sendable {
    public let participant: ParticipantID
    private let log: RecordLog<QuestionnaireRow>
    public var url: URL { log.url }

    public init(logs: URL, participant: ParticipantID) {
        self.participant = participant
        log = RecordLog(logs: logs, participant: participant, name: "questionnaires.csv")
    }

    /// Every row so far (a last row a crash cut off is not among them).
    public func rows() throws -> [QuestionnaireRow] { try log.rows() }

    /// Appends what `make` builds from the rows so far, under the file's lock (so two windows never number two
    /// administrations alike, nor answer one item twice), each row written and fsync'ed on its own.
    @discardableResult
    public func append(_ make: ([QuestionnaireRow]) throws -> [QuestionnaireRow]) throws -> [QuestionnaireRow] {
        try log.append(make)
    }
}
