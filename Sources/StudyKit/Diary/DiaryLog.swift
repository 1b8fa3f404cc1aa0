// A participant's diary.csv on disk: entries appended under the file's lock, fsync'ed, owner-only, never rewritten.
import Foundation
import StudyRecords
import TidyFormats

public struct DiaryLog {
    public let url: URL
    public let participant: ParticipantID

    public init(logs: URL, participant: ParticipantID) {
        self.participant = participant
        url = logs.appendingPathComponent(participant.value).appendingPathComponent("diary.csv")
    }

    /// Every row so far (a last row a crash cut off is not among them).
    public func rows() throws -> [DiaryRow] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        try RegularFile.check(url)
        let data = try Data(contentsOf: url)
        let file = try CSVLogFile<DiaryRow>.decode(data, file: url.path)
        guard file.header == DiaryRow.columns else {
            throw StudyFileError.headerMismatch(path: url.path, expected: DiaryRow.columns, found: file.header)
        }
        return file.records
    }

    /// Appends what `make` builds from the rows so far, under the file's exclusive lock (two adds at once get two
    /// ids); the row is checked first and a problem is one sentence naming the flag.
    @discardableResult
    public func append(_ make: ([DiaryRow]) throws -> DiaryRow) throws -> DiaryRow {
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let (file, created) = try AppendOnlyFile.openOrCreate(url)
        return try file.withExclusiveLock {
            if try created || file.size() == 0 {
                try file.append(CSVWriter.headerLine(DiaryRow.columns))
            } else {
                try AppendOnlyFile.setAsideCutOffFragment(of: url)
            }
            let row = try make(try rows())
            if let problem = row.problem() { throw DiaryError(problem: problem) }
            try file.append(CSVWriter.line(row.values(under: DiaryRow.columns)))
            return row
        }
    }
}
