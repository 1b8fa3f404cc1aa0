// The codec of a whole CSV log (trials.csv, ratings.csv, participants.csv): its header and its records.
import Foundation
import TidyFormats

/// A row type of a CSV log: its columns in the contract's order, read from a row by name, written by name.
public protocol CSVLogRecord {
    static var columns: [String] { get }
    init(_ row: CSVRow) throws
    /// The row's cells by column name (columns it does not know are left empty).
    var valuesByColumn: [String: CSVValue] { get }
    /// Every record of a table (a type whose rows are many reads the file's columns once).
    static func records(of table: CSVTable) throws -> [Self]
}

extension CSVLogRecord {
    public static func records(of table: CSVTable) throws -> [Self] {
        try table.records.map { try Self(table.row($0)) }
    }
}

extension CSVLogRecord {
    /// The row's cells under `header`: a file's own header (an older file lacks later columns, a supervisor may
    /// have added some), so a row read from any version of the file is written back to the same bytes.
    public func values(under header: [String]) -> [CSVValue] {
        let cells = valuesByColumn
        return header.map { cells[$0] ?? .empty }
    }
}

/// A CSV log read whole: its header, its records, and a last line a crash cut off (never a record).
public struct CSVLogFile<Record: CSVLogRecord> {
    public var header: [String]
    public var records: [Record]
    public var cutOff: CSVCutOff?

    public init(header: [String] = Record.columns, records: [Record] = [], cutOff: CSVCutOff? = nil) {
        self.header = header
        self.records = records
        self.cutOff = cutOff
    }

    /// Reads the file's bytes; errors name `file`, the line and the column.
    public static func decode(_ data: Data, file: String) throws -> CSVLogFile {
        let table = try CSVTable.parse(data, file: file)
        return CSVLogFile(
            header: table.header, records: try Record.records(of: table), cutOff: table.cutOff)
    }

    /// The file's bytes as the game writes them (header, then one line per record; the cut-off line is not data).
    public func encoded() -> Data {
        var text = CSVWriter.headerLine(header)
        for record in records { text += CSVWriter.line(record.values(under: header)) }
        return Data(text.utf8)
    }
}

extension TrialRow: CSVLogRecord {
    public static func records(of table: CSVTable) throws -> [TrialRow] { try rows(of: table) }
    public var valuesByColumn: [String: CSVValue] { Dictionary(uniqueKeysWithValues: zip(Self.columns, values)) }
}

extension RatingRow: CSVLogRecord {
    public var valuesByColumn: [String: CSVValue] { Dictionary(uniqueKeysWithValues: zip(Self.columns, values)) }
}

extension ParticipantRecord: CSVLogRecord {}
