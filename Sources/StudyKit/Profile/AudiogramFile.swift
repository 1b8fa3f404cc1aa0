// A clinic audiogram as CSV (frequency_hz,left_db_hl,right_db_hl), read with errors naming file, line and column.
import Foundation
import GameCore
import StudyRecords
import TidyFormats

public enum AudiogramFile {
    public static let columns = ["frequency_hz", "left_db_hl", "right_db_hl"]

    /// Reads a dB HL audiogram; a bad row, a repeated frequency or an impossible level is one sentence.
    public static func read(_ url: URL) throws -> Audiogram {
        let table = try CSVTable.read(url)
        // A spreadsheet in another locale saves with ';' or a tab: the header is then one field that holds them.
        if table.header.count == 1, let name = table.header.first {
            for (separator, said) in [(";", "semicolons"), ("\t", "tabs")] where name.contains(separator) {
                throw ProfileError(
                    path: "\(url.path) line 1", field: "(header)",
                    problem:
                        "is separated by \(said), not commas; save the file as comma-separated CSV with the columns \(columns.joined(separator: ","))"
                )
            }
        }
        for column in columns { _ = try table.index(of: column) }
        var left: [Double: Double] = [:]
        var right: [Double: Double] = [:]
        for (index, record) in table.records.enumerated() {
            let row = table.row(record)
            let line = index + 2
            let frequency = try row.decimal("frequency_hz")
            guard (125...16_000).contains(frequency) else {
                throw ProfileError(
                    path: "\(url.path) line \(line)", field: "frequency_hz",
                    problem: "is \(frequency), not 125–16000 Hz")
            }
            guard left[frequency] == nil else {
                throw ProfileError(
                    path: "\(url.path) line \(line)", field: "frequency_hz", problem: "repeats \(frequency) Hz")
            }
            for (column, ear) in [("left_db_hl", Ear.left), ("right_db_hl", .right)] {
                let level = try row.decimal(column)
                guard Audiogram.hearingLevelRange.contains(level) else {
                    throw ProfileError(
                        path: "\(url.path) line \(line)", field: column,
                        problem: "is \(level) dB HL, outside the audiometer's −10 to 120 dB HL")
                }
                if ear == .left { left[frequency] = level } else { right[frequency] = level }
            }
        }
        guard !left.isEmpty else {
            throw ProfileError(path: url.path, field: "frequency_hz", problem: "has no rows")
        }
        return Audiogram(unit: .hearingLevel, left: left, right: right)
    }
}
