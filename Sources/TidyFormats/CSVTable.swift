// A small CSV file read whole through the one reader: its header and records, read by column name.
import Foundation

/// A whole CSV file: the first row as header, then the records (every column). Column lookups and typed
/// conversions throw `CSVReadError`s that name the file, line and column.
public struct CSVTable: Sendable {
    public var file: String { storage.file }
    public var header: [String] { storage.header }
    public var records: [CSVRecord] { storage.records }
    /// The last line when the file did not end in a line break (a write cut off by a crash); never among `records`.
    public var cutOff: CSVCutOff? { storage.cutOff }

    public var droppedIncompleteTail: Bool { cutOff != nil }

    /// The table's parts behind one reference: a `CSVRow` holds its table, and a row made for every record of a file
    /// (`forEachRow`) copied each part's reference (retain and release were 12 % of reading a trials.csv).
    private let storage: Storage

    private final class Storage: Sendable {
        let file: String
        let header: [String]
        let records: [CSVRecord]
        let cutOff: CSVCutOff?
        /// Each column's index (the first, should a header repeat one): a record is read by name, column by column,
        /// so a search of the header for every field was most of reading a batch of trial rows on the study server.
        let positions: [String: Int]

        init(file: String, header: [String], records: [CSVRecord], cutOff: CSVCutOff?) {
            self.file = file
            self.header = header
            self.records = records
            self.cutOff = cutOff
            var positions: [String: Int] = [:]
            for (index, column) in header.enumerated() where positions[column] == nil { positions[column] = index }
            self.positions = positions
        }
    }

    public init(file: String, header: [String], records: [CSVRecord], cutOff: CSVCutOff?) {
        storage = Storage(file: file, header: header, records: records, cutOff: cutOff)
    }

    /// Reads and parses a whole file.
    public static func read(_ url: URL) throws -> CSVTable {
        let reader = CSVReader(columns: nil)
        reader.showProgress = false
        var records: [CSVRecord] = []
        try reader.read(path: url.path) { records.append($0.kept()) }
        return CSVTable(file: url.path, header: reader.header, records: records, cutOff: reader.cutOff)
    }

    /// Reads a file and hands each record to `body` as it is read, as a row of a table that has the file's header
    /// but keeps no record (a reader that builds its own values needs no copy of every field). What it throws is
    /// what `read` followed by a loop over the records would throw: a problem the reader finds anywhere in the file
    /// (a malformed line, a row of the wrong length) comes first, else the first error `body` throws; after that
    /// error `body` is not called again.
    public static func forEachRow(_ url: URL, _ body: (CSVRow) throws -> Void) throws {
        let reader = CSVReader(columns: nil)
        reader.showProgress = false
        var table: CSVTable?
        var firstError: Error?
        try reader.read(path: url.path) { record in
            guard firstError == nil else { return }
            // Without chosen columns a record's columns are the file's header.
            let header = table ?? CSVTable(file: url.path, header: record.columnNames, records: [], cutOff: nil)
            table = header
            // Held, not thrown: thrown here the reader would stop, and a later line it refuses would go unreported.
            do { try body(CSVRow(table: header, record: record)) } catch { firstError = error }
        }
        if let firstError { throw firstError }
    }

    /// Parses CSV bytes; `file` is only used in error messages.
    public static func parse(_ data: Data, file: String) throws -> CSVTable {
        let reader = CSVReader(columns: nil)
        reader.showProgress = false
        var records: [CSVRecord] = []
        try reader.read(data: data, file: file) { records.append($0.kept()) }
        return CSVTable(file: file, header: reader.header, records: records, cutOff: reader.cutOff)
    }

    /// The index of `column` in the header, nil when the file lacks it.
    public func position(of column: String) -> Int? { storage.positions[column] }

    /// The index of `column` in the header.
    public func index(of column: String) throws -> Int {
        guard let index = storage.positions[column] else {
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
    public func has(_ column: String) -> Bool { table.position(of: column) != nil }

    /// The raw field (formula guard removed).
    public func text(_ column: String) throws -> String { text(at: try table.index(of: column)) }

    public func integer(_ column: String) throws -> Int { try integer(at: try table.index(of: column)) }

    public func decimal(_ column: String) throws -> Double { try decimal(at: try table.index(of: column)) }

    public func boolean(_ column: String) throws -> Bool { try boolean(at: try table.index(of: column)) }

    /// A column that may be absent (older files) or empty (not known): nil; otherwise its value or the error.
    public func optional<T>(_ column: String, _ read: (String) throws -> T) throws -> T? {
        guard let index = table.position(of: column), !record.isEmpty(index) else { return nil }
        return try read(column)
    }

    // The same by the column's index in the header (`CSVColumns` finds them once per file). Numbers are read from
    // the field's bytes when they have the plain form the writers use, exactly as the text would read; any other
    // form goes the way of the text, so what a row means and every error's words stay as they were.

    /// The raw field (formula guard removed).
    public func text(at index: Int) -> String {
        let raw = record.string(index)
        return record.bytes(index).first == UInt8(ascii: "'") ? CSVValue.unguardingFormula(raw) : raw
    }

    public func integer(at index: Int) throws -> Int {
        if let value = record.withBytes(index, PlainNumber.integer) { return value }
        let raw = text(at: index)
        guard let value = Int(raw) else { throw bad(table.header[index], raw, "a whole number") }
        return value
    }

    public func decimal(at index: Int) throws -> Double {
        if let value = record.withBytes(index, PlainNumber.decimal) { return value }
        let raw = text(at: index)
        guard let value = Double(raw), value.isFinite else {
            throw bad(table.header[index], raw, "a number with '.' as decimal mark")
        }
        return value
    }

    public func boolean(at index: Int) throws -> Bool {
        let bytes = record.bytes(index)
        // TRUE/FALSE since issue 16; files written before it say true/false. A memcmp each (a generic comparison
        // with a String's UTF-8 view went byte by byte through its iterator).
        if Self.spells(bytes, "TRUE") || Self.spells(bytes, "true") { return true }
        if Self.spells(bytes, "FALSE") || Self.spells(bytes, "false") { return false }
        throw bad(table.header[index], text(at: index), "TRUE or FALSE")
    }

    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0
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

/// A record type's columns found in one file's header once, so reading a row looks no name up.
public struct CSVColumns: Sendable {
    /// The record type's columns, in the order its decoder reads them.
    public let names: [String]
    /// Each name's index in the file's header; nil where the file lacks the column (an older file).
    let indexes: [Int?]

    public init(_ names: [String], in table: CSVTable) {
        self.names = names
        indexes = names.map { table.position(of: $0) }
    }

    /// Reads `row`'s fields in the order of `names`.
    public func cursor(_ row: CSVRow) -> CSVColumnCursor { CSVColumnCursor(row: row, columns: self) }
}

/// Reads a row's columns one after another in `CSVColumns.names` order; each call names its column, which a debug
/// build checks against that order (a decoder that skipped a column would read the next one's values).
public struct CSVColumnCursor {
    public let row: CSVRow
    let columns: CSVColumns
    var next = 0

    private mutating func take(_ name: String) -> Int? {
        assert(columns.names[next] == name, "read '\(name)' where '\(columns.names[next])' comes next")
        defer { next += 1 }
        return columns.indexes[next]
    }

    private mutating func required(_ name: String) throws -> Int {
        guard let index = take(name) else {
            throw CSVReadError.missingColumn(file: row.table.file, line: 1, column: name, header: row.table.header)
        }
        return index
    }

    /// Steps over columns a decoder does not read in this row.
    public mutating func skip(_ names: String...) { for name in names { _ = take(name) } }

    public mutating func text(_ name: String) throws -> String { row.text(at: try required(name)) }
    public mutating func integer(_ name: String) throws -> Int { try row.integer(at: try required(name)) }
    public mutating func decimal(_ name: String) throws -> Double { try row.decimal(at: try required(name)) }
    public mutating func boolean(_ name: String) throws -> Bool { try row.boolean(at: try required(name)) }

    /// A column that may be absent (older files) or empty (not known): nil; otherwise `read` of its index.
    public mutating func optional<T>(_ name: String, _ read: (CSVRow, Int) throws -> T) throws -> T? {
        guard let index = take(name), !row.record.isEmpty(index) else { return nil }
        return try read(row, index)
    }

    /// The index of a required column, for a reader the cursor does not have (a timestamp).
    public mutating func index(_ name: String) throws -> Int { try required(name) }
}
