// ratings.csv of one participant: every answer appended and fsync'ed the moment it is given, readable only by its owner.
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Where a session's answers go. `RatingsLog` (a participant's ratings.csv) is the one the game ships;
/// the runtime's tests keep answers in memory.
public protocol RatingSink: AnyObject {
    /// Stores one answer before returning.
    func record(_ row: RatingRow) throws
    /// Every row stored so far (all sessions of the participant).
    func storedRows() throws -> [RatingRow]
}

/// `<logs>/<participant>/ratings.csv`, one row per answered or skipped question, across all sessions and
/// prompts. Health data: the file is created with mode 0600 (owner only), and never rewritten.
public final class RatingsLog: RatingSink {
    public let url: URL

    public init(logs: URL, participant: ParticipantID) {
        url = logs.appendingPathComponent(participant.value).appendingPathComponent("ratings.csv")
    }

    public func record(_ row: RatingRow) throws {
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let (file, created) = try AppendOnlyFile.openOrCreate(url)
        try file.withExclusiveLock {
            if try created || file.size() == 0 {
                try file.append(CSVWriter.headerLine(RatingRow.columns))
                try file.append(CSVWriter.line(row.values))
            } else {
                // A half-written last answer (a crash, a full disk) is set aside, as trials.csv's is.
                try AppendOnlyFile.setAsideCutOffFragment(of: url)
                // A file keeps the header it was begun with: one begun before the language column goes on without it.
                try file.append(CSVWriter.line(row.values(under: try header())))
            }
        }
    }

    public func storedRows() throws -> [RatingRow] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        // Every answer ends with a line break: the reader never takes a last row without one (a cut-off write).
        let table = try CSVTable.read(url)
        try Self.check(table.header, of: url)
        return try table.records.map { try RatingRow(table.row($0)) }
    }

    /// The file's header, one of `RatingRow.headers`: a file of another format is never appended to.
    private func header() throws -> [String] {
        let header = try CSVTable.read(url).header
        try Self.check(header, of: url)
        return header
    }

    private static func check(_ header: [String], of url: URL) throws {
        guard RatingRow.headers.contains(header) else {
            throw StudyFileError.headerMismatch(path: url.path, expected: RatingRow.columns, found: header)
        }
    }
}
