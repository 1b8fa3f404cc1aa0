// Streams CSV files through libcsv, handing each record's chosen columns to a callback; knows file, line and column.
import CCSV
import Foundation

/// One record as the callback sees it: only the requested columns are copied out of libcsv's buffer.
public struct CSVRecord {
    public let file: String
    public let line: Int
    public let columnNames: [String]
    let storage: [[UInt8]]
    let present: [Bool]

    public func has(_ slot: Int) -> Bool { present[slot] }

    public func withBytes<R>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage[slot].withUnsafeBufferPointer(body)
    }

    public func string(_ slot: Int) -> String { String(decoding: storage[slot], as: UTF8.self) }

    /// A row-level problem (bad number, wrong field count): fatal unless `--skip-invalid`.
    public func invalid(_ slot: Int?, _ what: String) -> InvalidRow {
        if let slot { return InvalidRow(message: "\(file):\(line): column '\(columnNames[slot])': \(what)") }
        return InvalidRow(message: "\(file):\(line): \(what)")
    }
}

public struct InvalidRow: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Reads files one after another; `skipInvalid` turns row errors into a count instead of a failure.
public final class CSVRowReader {
    public let columns: [String]
    public let optionalColumns: Set<String>
    public let skipInvalid: Bool
    public private(set) var skippedRows = 0
    public private(set) var firstSkipped: String?
    public private(set) var rowsRead = 0
    /// Shows a progress bar on stderr for big inputs when stderr is a terminal.
    public var showProgress = isatty(2) == 1

    public init(columns: [String], optionalColumns: Set<String> = [], skipInvalid: Bool) {
        self.columns = columns
        self.optionalColumns = optionalColumns
        self.skipInvalid = skipInvalid
    }

    public func read(path: String, onRecord: (CSVRecord) throws -> Void) throws {
        // The parser state holds the callback only while this call runs.
        try withoutActuallyEscaping(onRecord) { try parse(path: path, onRecord: $0) }
    }

    private func parse(path: String, onRecord: @escaping (CSVRecord) throws -> Void) throws {
        try RegularFile.check(path)
        guard let file = fopen(path, "rb") else {
            throw AnalysisError("\(path): cannot open the file (\(String(cString: strerror(errno)))); check the path.")
        }
        defer { fclose(file) }
        var size: Int = 0
        var st = stat()
        if stat(path, &st) == 0 { size = Int(st.st_size) }
        let progress = showProgress && size > 20_000_000

        let state = ParserState(file: path, wanted: columns, optional: optionalColumns)
        var handlerError: Error?
        state.onRecord = { [unowned self] record in
            do {
                try onRecord(record)
                self.rowsRead += 1
            } catch let row as InvalidRow {
                do { try self.noteInvalid(row.message) } catch {
                    handlerError = error
                    state.stop = true
                }
            } catch {
                handlerError = error
                state.stop = true
            }
        }
        defer { state.onRecord = nil }
        var parser = csv_parser()
        // REPALL_NL: every unquoted CR and LF ends a row (empty ones too), so lines can be counted.
        let options = UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL | CSV_REPALL_NL)
        guard csv_init(&parser, options) == 0 else {
            throw AnalysisError("\(path): could not start the CSV parser (out of memory).")
        }
        defer { csv_free(&parser) }
        let context = Unmanaged.passUnretained(state).toOpaque()

        let chunkSize = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var bytesDone = 0
        var lastShown = -1
        var previousChunkHadQuote = false

        func handleRows() throws {
            if let handlerError { throw handlerError }
            for problem in state.invalid { try noteInvalid(problem) }
            state.invalid.removeAll()
            if let fatal = state.fatal { throw AnalysisError(fatal) }
        }

        /// Whole chunks go to libcsv (a call per line costs a third of the time); lines are counted in the callbacks.
        func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            var start = 0
            while start < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[start...])
                let used = csv_parse(&parser, rest.baseAddress, rest.count, fieldCallback, rowCallback, context)
                if used == rest.count { break }
                let message =
                    "\(path):\(state.line): malformed CSV (\(String(cString: csv_strerror(csv_error(&parser))))): check quotes on this line"
                guard skipInvalid else { throw AnalysisError(message + ", or pass --skip-invalid.") }
                try noteInvalid(message)
                // Start a fresh parser after the end of the broken line: that record is dropped.
                csv_free(&parser)
                _ = csv_init(&parser, options)
                state.resetRecord()
                guard let newline = rest[used...].firstIndex(of: 0x0A) else {
                    start = bytes.count
                    state.skippingLine = true
                    break
                }
                state.line += 1
                start += newline + 1
            }
            try handleRows()
        }

        while true {
            let n = fread(&buffer, 1, chunkSize, file)
            if n == 0 { break }
            bytesDone += n
            try buffer.withUnsafeBufferPointer { whole in
                var chunk = UnsafeBufferPointer(rebasing: whole[0..<n])
                if state.skippingLine {
                    // The broken line continues into this chunk: drop up to its end.
                    guard let newline = chunk.firstIndex(of: 0x0A) else { return }
                    state.skippingLine = false
                    state.line += 1
                    chunk = UnsafeBufferPointer(rebasing: chunk[(newline + 1)...])
                }
                // Only quoted fields hold newlines: without a quote in this chunk or the one before,
                // the per-field newline count is skipped.
                let hasQuote = chunk.count > 0 && memchr(chunk.baseAddress!, 0x22, chunk.count) != nil
                state.countNewlinesInFields = hasQuote || previousChunkHadQuote
                previousChunkHadQuote = hasQuote
                try feed(chunk)
            }
            if progress {
                let percent = bytesDone * 100 / max(size, 1)
                if percent != lastShown {
                    lastShown = percent
                    let bar = String(repeating: "#", count: percent / 4).padding(
                        toLength: 25, withPad: " ", startingAt: 0)
                    FileHandle.standardError.write(Data("\r[\(bar)] \(percent)% \(path)".utf8))
                }
            }
        }
        if csv_fini(&parser, fieldCallback, rowCallback, context) != 0 {
            let message = "\(path):\(state.line): the file ends inside a quoted field: close the quote"
            guard skipInvalid else { throw AnalysisError(message + ", or pass --skip-invalid.") }
            try noteInvalid(message)
        }
        try handleRows()
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if state.header == nil {
            throw AnalysisError("\(path): the file is empty; expected a header row naming the columns.")
        }
    }

    private func noteInvalid(_ message: String) throws {
        guard skipInvalid else {
            throw AnalysisError(message + "; fix the row or pass --skip-invalid to drop such rows.")
        }
        skippedRows += 1
        if firstSkipped == nil { firstSkipped = message }
    }
}

/// libcsv calls back into this object (through the context pointer) for each field and record end.
final class ParserState {
    let file: String
    let wanted: [String]
    let optional: Set<String>
    var header: [String]?
    var headerFields: [String] = []
    @exclusivity(unchecked) var slotOfColumn: [Int] = []
    // Touched for every field of every row: exclusivity is guaranteed by the single-threaded parse loop.
    @exclusivity(unchecked) var storage: [[UInt8]]
    var present: [Bool]
    @exclusivity(unchecked) var fieldIndex = 0
    /// The physical line being parsed (1-based); newlines inside quoted fields count too.
    @exclusivity(unchecked) var line = 1
    /// Newlines met inside the current record's quoted fields (the record started that many lines earlier).
    @exclusivity(unchecked) var newlinesInRecord = 0
    @exclusivity(unchecked) var countNewlinesInFields = true
    /// After a malformed line when the chunk ended before its newline.
    var skippingLine = false
    /// Called at each record's end; errors are kept by the closure (C callbacks cannot throw).
    var onRecord: ((CSVRecord) -> Void)?
    /// Set after a fatal error: the remaining records are ignored.
    var stop = false
    var invalid: [String] = []
    var fatal: String?

    init(file: String, wanted: [String], optional: Set<String>) {
        self.file = file
        self.wanted = wanted
        self.optional = optional
        storage = Array(repeating: [], count: wanted.count)
        present = Array(repeating: false, count: wanted.count)
    }

    func resetRecord() {
        fieldIndex = 0
        if header == nil { headerFields.removeAll() }
    }

    func field(_ bytes: UnsafeRawPointer?, _ count: Int) {
        defer { fieldIndex += 1 }
        if countNewlinesInFields, let bytes, count > 0, memchr(bytes, 0x0A, count) != nil {
            let n = UnsafeRawBufferPointer(start: bytes, count: count).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            newlinesInRecord += n
            line += n
        }
        guard header != nil else {
            let text =
                bytes.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
            headerFields.append(
                text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: ""))
            return
        }
        guard !stop, fieldIndex < slotOfColumn.count else { return }
        let slot = slotOfColumn[fieldIndex]
        guard slot >= 0 else { return }
        storage[slot].removeAll(keepingCapacity: true)
        if let bytes, count > 0 {
            storage[slot].append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }

    /// `terminator`: the CR or LF that ended the row (-1 at the end of the file).
    func endRecord(_ terminator: Int32) {
        let recordLine = line - newlinesInRecord
        defer {
            fieldIndex = 0
            newlinesInRecord = 0
            if terminator == 0x0A { line += 1 }
        }
        // An empty line, or the LF of a CR LF pair: no record.
        guard fieldIndex > 0 else { return }
        guard let header else {
            header = headerFields
            slotOfColumn = Array(repeating: -1, count: headerFields.count)
            for (slot, name) in wanted.enumerated() {
                if let index = headerFields.firstIndex(of: name) {
                    slotOfColumn[index] = slot
                    present[slot] = true
                } else if !optional.contains(name) {
                    stop = true
                    fatal =
                        "\(file):\(recordLine): no column named '\(name)'; the header has: \(headerFields.joined(separator: ", "))."
                }
            }
            return
        }
        if fieldIndex != header.count {
            invalid.append("\(file):\(recordLine): the row has \(fieldIndex) fields but the header has \(header.count)")
            return
        }
        guard !stop else { return }
        onRecord?(CSVRecord(file: file, line: recordLine, columnNames: wanted, storage: storage, present: present))
    }
}

private let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
    bytes, count, context in
    // Guaranteed reference: the state outlives the parse call, and this spares a retain/release per field.
    Unmanaged<ParserState>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.field(UnsafeRawPointer(bytes), count) }
}

private let rowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { terminator, context in
    Unmanaged<ParserState>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.endRecord(terminator) }
}
