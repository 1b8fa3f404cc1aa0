// A participant's append-only CSV log of one record type (diary.csv, questionnaires.csv): read whole, appended under its lock.
import Foundation
import StudyRecords
import TidyFormats

/// `<logs>/<participant>/<name>`: created owner-only with its header, each row written and fsync'ed on its own
/// under the file's exclusive lock, a half-written last row set aside first, never rewritten.
public struct RecordLog<Record: CSVLogRecord>: Sendable {
    public let url: URL

    public init(logs: URL, participant: ParticipantID, name: String) {
        url = logs.appendingPathComponent(participant.value).appendingPathComponent(name)
    }

    /// Every row so far (a last row a crash cut off is not among them).
    public func rows() throws -> [Record] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        try RegularFile.check(url)
        let file = try CSVLogFile<Record>.decode(try Data(contentsOf: url), file: url.path)
        guard file.header == Record.columns else {
            throw StudyFileError.headerMismatch(path: url.path, expected: Record.columns, found: file.header)
        }
        return file.records
    }

    /// Appends what `make` builds from the rows so far, under the file's exclusive lock, so that what it numbers
    /// or checks against the rows (the next id, an answer not given twice) holds when its rows are written.
    @discardableResult
    public func append(_ make: ([Record]) throws -> [Record]) throws -> [Record] {
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let (file, created) = try AppendOnlyFile.openOrCreate(url)
        return try file.withExclusiveLock {
            if try created || file.size() == 0 {
                try file.append(CSVWriter.headerLine(Record.columns))
            } else {
                // A half-written last row (a crash, a full disk) is set aside, as every log's is.
                try AppendOnlyFile.setAsideCutOffFragment(of: url)
            }
            let new = try make(try rows())
            for row in new { try file.append(CSVWriter.line(row.values(under: Record.columns))) }
            return new
        }
    }
}
