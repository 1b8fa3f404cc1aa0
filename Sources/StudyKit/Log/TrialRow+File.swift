// A session's trials.csv read back through the one CSV reader.
import Foundation
import StudyRecords
import TidyFormats

extension TrialRow {
    /// Reads every row of a trials.csv file (a last line a crash cut off is left out).
    public static func readAll(from url: URL) throws -> [TrialRow] {
        // A 0-byte file (a full disk or a crash right after its creation) is a log with no rows yet.
        if let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int, size == 0 {
            return []
        }
        return try rows(of: CSVTable.read(url))
    }
}
