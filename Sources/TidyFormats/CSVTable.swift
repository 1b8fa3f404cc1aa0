// A small CSV file read whole through the one reader: its header and records, read by column name.
import Foundation

/// A whole CSV file: the first row as header, then the records (every column). Column lookups and typed
/// conversions throw `CSVReadError`s that name the file, line and column.
public struct CSVTable: Sendable {
    public let file: String
    public let header: [String]
    public let records: [CSVRecord]
    /// The last line when the file did not end in a line break (a write cut off by a crash); never among `records`.
    public let cutOff: CSVCutOff?

    public var droppedIncompleteTail: Bool { cutOff != nil }
    /// Each column's index (the first, should a header repeat one): a record is read by name, column by column, so a
    /// search of the header for every field was most of reading a batch of trial rows on the study server.
    private let positions: [String: Int]

    public init(file: String, header: [String], records: [CSVRecord], cutOff: CSVCutOff?) {
        self.file = file
        self.header = header
        self.records = records
        self.cutOff = cutOff
        var positions: [String: Int] = [:]
        for (index, column) in header.enumerated() where positions[column] == nil { positions[column] = index }
        self.positions = positions
    }

    /// Reads and parses a whole file.
    public static func read(_ url: URL) throws -> CSVTable {
        let reader = CSVReader(columns: nil)
        reader.showProgress = false
        var records: [CSVRecord] = []
        try reader.read(path: url.path) { records.append($0) }
        return CSVTable(file: url.path, header: reader.header, records: records, cutOff: reader.cutOff)
    }

    /// Parses CSV bytes; `file` is only used in error messages.
    public static func parse(_ data: Data, file: String) throws -> CSVTable {
        let reader = CSVReader(columns: nil)
        reader.showProgress = false
        var records: [CSVRecord] = []
        try reader.read(data: data, file: file) { records.append($0) }
        return CSVTable(file: file, header: reader.header, records: records, cutOff: reader.cutOff)
    }

    /// The index of `column` in the header.
    public func index(of column: String) throws -> Int {
        guard let index = positions[column] else {
            throw CSVReadError.missingColumn(file: file, line: 1, column: column, header: header)
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

    /// True when the file has the column (files written before a column was added lack it).
    public func has(_ column: String) -> Bool { table.header.contains(column) }

    /// The raw field (formula guard removed).
    public func text(_ column: String) throws -> String {
        CSVValue.unguardingFormula(record.string(try table.index(of: column)))
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

    /// A column that may be absent (older files) or empty (not known): nil; otherwise its value or the error.
    public func optional<T>(_ column: String, _ read: (String) throws -> T) throws -> T? {
        guard has(column), try !text(column).isEmpty else { return nil }
        return try read(column)
    }

    /// An error naming this row's file, line and the given column, its cell's text and then `reason` ("is outside …").
    public func invalid(_ column: String, _ reason: String) -> CSVReadError {
        let raw = (try? text(column)) ?? ""
        return .invalidRow(
            file: table.file, line: record.line, column: column, problem: "'\(raw)' \(reason)",
            advice: CSVReadError.defaultAdvice)
    }

    /// An error naming this row's file, line and the given column.
    public func bad(_ column: String, _ value: String, _ expected: String) -> CSVReadError {
        .invalidRow(
            file: table.file, line: record.line, column: column, problem: "'\(value)' is not \(expected)",
            advice: CSVReadError.defaultAdvice)
    }
}
