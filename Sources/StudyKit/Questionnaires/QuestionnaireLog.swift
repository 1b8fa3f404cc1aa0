// A participant's questionnaires.csv on disk: rows appended under the file's lock, fsync'ed, owner-only, never rewritten.
import Foundation
import StudyRecords
import TidyFormats

public struct QuestionnaireLog: Sendable {
    public let url: URL
    public let participant: ParticipantID

    public init(logs: URL, participant: ParticipantID) {
        self.participant = participant
        url = logs.appendingPathComponent(participant.value).appendingPathComponent("questionnaires.csv")
    }

    /// Every row so far (a last row a crash cut off is not among them).
    public func rows() throws -> [QuestionnaireRow] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        try RegularFile.check(url)
        let file = try CSVLogFile<QuestionnaireRow>.decode(try Data(contentsOf: url), file: url.path)
        guard file.header == QuestionnaireRow.columns else {
            throw StudyFileError.headerMismatch(path: url.path, expected: QuestionnaireRow.columns, found: file.header)
        }
        return file.records
    }

    /// Appends what `make` builds from the rows so far, under the file's exclusive lock (so two windows never
    /// number two administrations alike, nor answer one item twice), each row written and fsync'ed on its own.
    @discardableResult
    public func append(_ make: ([QuestionnaireRow]) throws -> [QuestionnaireRow]) throws -> [QuestionnaireRow] {
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let (file, created) = try AppendOnlyFile.openOrCreate(url)
        return try file.withExclusiveLock {
            if try created || file.size() == 0 {
                try file.append(CSVWriter.headerLine(QuestionnaireRow.columns))
            } else {
                // A half-written last row (a crash, a full disk) is set aside, as every log's is.
                try AppendOnlyFile.setAsideCutOffFragment(of: url)
            }
            let new = try make(try rows())
            for row in new { try file.append(CSVWriter.line(row.values(under: QuestionnaireRow.columns))) }
            return new
        }
    }
}
