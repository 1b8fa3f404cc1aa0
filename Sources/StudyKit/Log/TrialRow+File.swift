// A session's trials.csv read back through the one CSV reader.
import Foundation
import StudyRecords
import TidyFormats

extension TrialRow {
    /// Reads every row of a trials.csv file (a last line a crash cut off is left out).
    public static func readAll(from url: URL) throws -> [TrialRow] {
        // A 0-byte file (a full disk or a crash right after its creation) is a log with no rows yet.
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        if size == 0 { return [] }
        // Decoded as the reader goes (no table of every record kept, the bulk of this read's time); the errors
        // are the ones `rows(of: CSVTable.read(url))` would throw.
        var rows: [TrialRow] = []
        var columns: CSVColumns?
        try CSVTable.forEachRow(url) { row in
            let found = columns ?? CSVColumns(Self.columns, in: row.table)
            columns = found
            rows.append(try TrialRow(row, found))
            if rows.count == 1 {
                // Room for the file's rows at once, judged by the first one's length (the game's rows differ by a
                // few bytes): growing the array by doubling moved every row up to twenty times for a long log.
                let lineBytes = CSVWriter.line(rows[0].values).utf8.count
                rows.reserveCapacity(size / max(lineBytes, 1) * 9 / 8 + 16)
            }
        }
        return rows
    }
}
