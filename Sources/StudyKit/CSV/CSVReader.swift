// Reads CSV files back with libcsv's parser (strict RFC 4180), tracking lines for error messages.
import CCSV
import Foundation
import TidyFormats

public enum CSVReader {
    /// Reads and parses a whole file. The first row is the header.
    /// `dropUnterminatedLastRow`: for files only ever appended to by `CSVWriter` (every row ends in
    /// a line break), a last row without one is a cut-off write even when it has all its fields.
    public static func read(_ url: URL, dropUnterminatedLastRow: Bool = false) throws -> CSVTable {
        try RegularFile.check(url)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CSVReadError.unreadable(file: url.path, reason: (error as NSError).localizedDescription)
        }
        return try parse(data, file: url.path, dropUnterminatedLastRow: dropUnterminatedLastRow)
    }

    /// Parses CSV bytes; `file` is only used in error messages.
    /// A final row without a line break that is shorter than the header is the trace of a write
    /// cut off by a crash: it is dropped and reported through `droppedIncompleteTail`.
    public static func parse(_ data: Data, file: String, dropUnterminatedLastRow: Bool = false) throws -> CSVTable {
        let state = ParseState()
        var parser = csv_parser()
        guard csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI)) == 0 else {
            throw CSVReadError.unreadable(file: file, reason: "libcsv could not start")
        }
        defer { csv_free(&parser) }
        let context = Unmanaged.passUnretained(state).toOpaque()
        var bytes = [UInt8](data)
        // A spreadsheet saving "CSV UTF-8" puts a byte-order mark first; it is not part of the first column's name.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // A NUL is no text: a number cut at it ("2<NUL>0" read as 2) would be a silent wrong value.
        if let nul = bytes.firstIndex(of: 0) {
            let line = bytes[..<nul].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            throw CSVReadError.malformed(
                file: file, line: line, reason: "holds a NUL byte, which no CSV text has (is the file damaged?)")
        }
        var start = 0
        var line = 1
        // Fed one physical line at a time so a parse error and each row's first line are known.
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < bytes.count { end += 1 }
            if state.rowStartLine == nil && !isBlank(bytes[start..<end]) { state.rowStartLine = line }
            let length = end - start
            let parsed = bytes.withUnsafeBytes { raw in
                csv_parse(&parser, raw.baseAddress! + start, length, fieldEnded, rowEnded, context)
            }
            if parsed != length {
                throw CSVReadError.malformed(
                    file: file, line: line, reason: String(cString: csv_strerror(csv_error(&parser))))
            }
            start = end
            line += 1
        }
        let endedWithNewline = bytes.last == UInt8(ascii: "\n")
        let pendingLine = state.rowStartLine ?? line
        if csv_fini(&parser, fieldEnded, rowEnded, context) != 0 {
            // An open quote at the end of the file: a cut-off write when it is the last row.
            if !endedWithNewline && !state.rows.isEmpty {
                return try table(state.rows, file: file, droppedTail: true)
            }
            throw CSVReadError.malformed(file: file, line: pendingLine, reason: "a quoted field is never closed")
        }
        var rows = state.rows
        var dropped = false
        if !endedWithNewline, rows.count >= 2, let last = rows.last,
            dropUnterminatedLastRow || last.fields.count < rows[0].fields.count
        {
            rows.removeLast()
            dropped = true
        }
        return try table(rows, file: file, droppedTail: dropped)
    }

    private static func table(_ rows: [CSVRecord], file: String, droppedTail: Bool) throws -> CSVTable {
        guard let header = rows.first else {
            throw CSVReadError.malformed(file: file, line: 1, reason: "the file is empty, a header row was expected")
        }
        let records = Array(rows.dropFirst())
        for record in records where record.fields.count != header.fields.count {
            throw CSVReadError.wrongFieldCount(
                file: file, line: record.line, found: record.fields.count,
                expected: header.fields.count)
        }
        return CSVTable(file: file, header: header.fields, records: records, droppedIncompleteTail: droppedTail)
    }

    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }
}

/// Collects fields and rows from libcsv's callbacks.
private final class ParseState {
    var fields: [String] = []
    var rows: [CSVRecord] = []
    var rowStartLine: Int?
}

private func fieldEnded(_ field: UnsafeMutableRawPointer?, _ length: Int, _ context: UnsafeMutableRawPointer?) {
    let state = Unmanaged<ParseState>.fromOpaque(context!).takeUnretainedValue()
    let text = field.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
    state.fields.append(text)
}

private func rowEnded(_ terminator: Int32, _ context: UnsafeMutableRawPointer?) {
    let state = Unmanaged<ParseState>.fromOpaque(context!).takeUnretainedValue()
    state.rows.append(CSVRecord(line: state.rowStartLine ?? 0, fields: state.fields))
    state.fields = []
    state.rowStartLine = nil
}
