// A CSV file read back: its header and records, each record knowing its line for error messages.
import Foundation
import TidyFormats

/// One data row of a CSV file.
public struct CSVRecord: Sendable, Equatable {
    /// 1-based line of the file where the record starts.
    public let line: Int
    public let fields: [String]
}

/// A whole CSV file: the first row as header, then the records. Column lookups and typed
/// conversions throw `CSVReadError`s that name the file, line and column.
public struct CSVTable: Sendable {
    public let file: String
    public let header: [String]
    public let records: [CSVRecord]
    /// True when the file ended in an unterminated, incomplete row (a write cut off by a crash);
    /// that fragment is not among `records`.
    public let droppedIncompleteTail: Bool

    /// The index of `column` in the header.
    public func index(of column: String) throws -> Int {
        guard let index = header.firstIndex(of: column) else {
            throw CSVReadError.missingColumn(file: file, column: column)
        }
        return index
    }

    /// A typed view of one record, for reading fields by column name.
    public func row(_ record: CSVRecord) -> CSVRow { CSVRow(table: self, record: record) }
}

/// One record read by column name, with conversions that report file, line and column on failure.
public struct CSVRow: Sendable {
    public let table: CSVTable
    public let record: CSVRecord

    /// The raw field (formula guard removed).
    public func text(_ column: String) throws -> String {
        CSVValue.unguardingFormula(record.fields[try table.index(of: column)])
    }

    public func integer(_ column: String) throws -> Int {
        let raw = try text(column)
        guard let value = Int(raw) else { throw bad(column, raw, "a whole number") }
        return value
    }

    public func decimal(_ column: String) throws -> Double {
        let raw = try text(column)
        guard let value = Double(raw), value.isFinite else {
            throw bad(column, raw, "a number with '.' as decimal mark")
        }
        return value
    }

    public func boolean(_ column: String) throws -> Bool {
        let raw = try text(column)
        switch raw {
        // TRUE/FALSE since issue 16; files written before it say true/false.
        case "TRUE", "true": return true
        case "FALSE", "false": return false
        default: throw bad(column, raw, "TRUE or FALSE")
        }
    }

    public func timestamp(_ column: String) throws -> Date {
        let raw = try text(column)
        guard let date = Timestamp.parse(raw) else {
            throw bad(column, raw, "a UTC timestamp like 2026-11-21T20:15:00.123Z")
        }
        return date
    }

    /// An error naming this row's file, line and the given column.
    public func bad(_ column: String, _ value: String, _ expected: String) -> CSVReadError {
        .badValue(file: table.file, line: record.line, column: column, value: value, expected: expected)
    }
}
