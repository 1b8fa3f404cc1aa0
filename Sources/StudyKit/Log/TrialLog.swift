// trials.csv: header on creation, then one row per photographed target, fsync'ed the moment it exists.
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// The trial log of one session. Every `append` reaches the disk (write + fsync) before it returns,
/// so a crash or a kill loses at most the target in progress. The file is never truncated or rewritten,
/// with one exception on resume: the unterminated fragment of a row a crash cut off is moved aside to
/// `trials.csv.cut-off-<time>` so the file stays valid CSV.
public final class TrialLog {
    public let url: URL
    private let file: AppendOnlyFile

    private init(url: URL, file: AppendOnlyFile) {
        self.url = url
        self.file = file
    }

    /// Creates a new trials.csv with its header row; throws if the file exists.
    public static func create(at url: URL) throws -> TrialLog {
        let file = try AppendOnlyFile.create(url)
        try file.append(CSVWriter.headerLine(TrialRow.columns))
        return TrialLog(url: url, file: file)
    }

    /// Opens an existing trials.csv to continue it, returning the rows already logged.
    /// Throws if the header is not this schema's (the file is then left untouched).
    public static func continuing(at url: URL, now: Date = Date()) throws -> (log: TrialLog, rows: [TrialRow]) {
        // A 0-byte file (a full disk or a crash right after its creation) is a log with no rows yet.
        try RegularFile.check(url)
        let existing = try AppendOnlyFile.openExisting(url)
        if try existing.size() == 0 {
            try existing.append(CSVWriter.headerLine(TrialRow.columns))
            return (TrialLog(url: url, file: existing), [])
        }
        try AppendOnlyFile.setAsideCutOffFragment(of: url, now: now)
        let table = try CSVTable.read(url)
        guard table.header == TrialRow.columns else {
            throw StudyFileError.headerMismatch(path: url.path, expected: TrialRow.columns, found: table.header)
        }
        // The columns found once for the whole file, as every reader of trials.csv does (TrialRow.rows(of:)).
        let rows = try TrialRow.rows(of: table)
        return (TrialLog(url: url, file: try AppendOnlyFile.openExisting(url)), rows)
    }

    /// Appends one row and fsyncs it.
    public func append(_ row: TrialRow) throws {
        try file.append(CSVWriter.line(row.values))
    }
}
