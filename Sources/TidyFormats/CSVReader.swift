// The one CSV reader: streams a file through libcsv (strict RFC 4180), handing each record's chosen columns to a callback.
import CCSV
import Foundation

/// One record as the callback sees it: only the requested columns are copied out of libcsv's buffer.
public struct CSVRecord: Sendable, Equatable {
    public let file: String
    /// 1-based line of the file where the record starts (line breaks inside quoted fields count).
    public let line: Int
    public let columnNames: [String]
    public let storage: [[UInt8]]
    let present: [Bool]

    public func has(_ slot: Int) -> Bool { present[slot] }

    public func withBytes<R>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage[slot].withUnsafeBufferPointer(body)
    }

    public func string(_ slot: Int) -> String { String(decoding: storage[slot], as: UTF8.self) }

    /// Every requested field as text, in `columnNames` order.
    public var fields: [String] { storage.map { String(decoding: $0, as: UTF8.self) } }

    /// A row-level problem (bad number, wrong field count): fatal unless the reader skips invalid rows.
    public func invalid(_ slot: Int?, _ what: String) -> CSVReadError {
        .invalidRow(
            file: file, line: line, column: slot.map { columnNames[$0] }, problem: what,
            advice: CSVReadError.defaultAdvice)
    }
}

/// The last line of a file that did not end in a line break.
///
/// The one rule for a cut-off last line: every file the project writes ends each row with a line break
/// (`CSVWriter`), so a last line without one is a write cut off by a crash or a full disk. It is never
/// read as data, whatever fields it has (a cut number can still parse); the reader reports it here and
/// the caller decides what to say (the game moves it aside on resume, the analyzer warns).
public struct CSVCutOff: Sendable, Equatable {
    public let line: Int
    /// The bytes of that line as they stand in the file.
    public let bytes: Int
}

/// Reads files one after another; `skipInvalid` turns row errors into a count instead of a failure.
public final class CSVReader {
    /// The columns handed to the callback, in this order; nil: every column of the header.
    public let columns: [String]?
    public let optionalColumns: Set<String>
    public let skipInvalid: Bool
    /// What a row error tells a person to do (the analyzer names `--skip-invalid`).
    public var advice = CSVReadError.defaultAdvice
    public private(set) var skippedRows = 0
    public private(set) var firstSkipped: String?
    public private(set) var rowsRead = 0
    /// The header of the last file read.
    public private(set) var header: [String] = []
    /// The cut-off last line of the last file read, if it had one.
    public private(set) var cutOff: CSVCutOff?
    /// Shows a progress bar on stderr for big inputs when stderr is a terminal.
    public var showProgress = isatty(2) == 1

    public init(columns: [String]?, optionalColumns: Set<String> = [], skipInvalid: Bool = false) {
        self.columns = columns
        self.optionalColumns = optionalColumns
        self.skipInvalid = skipInvalid
    }

    /// Streams the file at `path` in 1 MiB chunks.
    public func read(path: String, onRecord: (CSVRecord) throws -> Void) throws {
        // A FIFO would block fopen, a device would never end: refused before opening.
        try RegularFile.check(path)
        guard let file = fopen(path, "rb") else {
            throw CSVReadError.unreadable(file: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var st = stat()
        let size = stat(path, &st) == 0 ? Int(st.st_size) : 0
        let chunkSize = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        try withoutActuallyEscaping(onRecord) { handler in
            try parse(file: path, size: size, handler: handler) { body in
                let n = fread(&buffer, 1, chunkSize, file)
                guard n > 0 else { return false }
                try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<n])) }
                return true
            }
        }
    }

    /// Parses bytes already in memory; `file` names them in messages.
    public func read(data: Data, file: String, onRecord: (CSVRecord) throws -> Void) throws {
        var done = false
        try withoutActuallyEscaping(onRecord) { handler in
            try parse(file: file, size: data.count, handler: handler) { body in
                guard !done else { return false }
                done = true
                try data.withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
                return true
            }
        }
    }

    private func parse(
        file path: String, size: Int, handler onRecord: @escaping (CSVRecord) throws -> Void,
        nextChunk: ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool
    ) throws {
        let progress = showProgress && size > 20_000_000
        cutOff = nil
        header = []
        let state = ParserState(file: path, wanted: columns, optional: optionalColumns)
        var handlerError: Error?
        state.onRecord = { [unowned self] record in
            do {
                // A NUL is no text: a number cut at it ("2<NUL>0" read as 2) would be a silent wrong value.
                if let slot = record.storage.firstIndex(where: { $0.contains(0) }) {
                    throw record.invalid(slot, "holds a NUL byte, which no CSV text has (is the file damaged?)")
                }
                try onRecord(record)
                self.rowsRead += 1
            } catch let row as CSVReadError {
                do { try self.noteInvalid(row) } catch {
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
            throw CSVReadError.unreadable(file: path, reason: "the CSV parser could not start (out of memory)")
        }
        defer { csv_free(&parser) }
        let context = Unmanaged.passUnretained(state).toOpaque()

        var bytesDone = 0
        var lastShown = -1
        var previousChunkHadQuote = false
        var lastByte: UInt8?
        var firstChunk = true

        func handleRows() throws {
            if let handlerError { throw handlerError }
            for problem in state.invalid { try noteInvalid(problem) }
            state.invalid.removeAll()
            if let fatal = state.fatal { throw fatal }
        }

        /// Whole chunks go to libcsv (a call per line costs a third of the time); lines are counted in the callbacks.
        func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            var start = 0
            while start < bytes.count {
                let rest = UnsafeBufferPointer(rebasing: bytes[start...])
                let used = csv_parse(&parser, rest.baseAddress, rest.count, fieldCallback, rowCallback, context)
                if used == rest.count { break }
                let problem = CSVReadError.malformed(
                    file: path, line: state.line, reason: String(cString: csv_strerror(csv_error(&parser))),
                    advice: advice)
                try noteInvalid(problem)
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
            let more = try nextChunk { whole in
                guard whole.count > 0 else { return }
                bytesDone += whole.count
                lastByte = whole.last
                var chunk = whole
                // A spreadsheet saving "CSV UTF-8" puts a byte-order mark first; it is not part of the first column's name.
                if firstChunk, chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
                    chunk = UnsafeBufferPointer(rebasing: chunk[3...])
                }
                firstChunk = false
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
            guard more else { break }
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
        // The last line has no line break: whatever libcsv still holds is a cut-off write, not a row.
        let unterminated = lastByte != nil && lastByte != 0x0A && lastByte != 0x0D
        state.tailIsCutOff = unterminated && state.header != nil
        let tailLine = state.line - state.newlinesInRecord
        if csv_fini(&parser, fieldCallback, rowCallback, context) != 0 && !state.tailIsCutOff {
            let problem = CSVReadError.malformed(
                file: path, line: state.line, reason: "the file ends inside a quoted field", advice: advice)
            try noteInvalid(problem)
        }
        if state.tailIsCutOff { cutOff = CSVCutOff(line: tailLine, bytes: state.tailBytes) }
        try handleRows()
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        guard let fileHeader = state.header else { throw CSVReadError.empty(file: path) }
        header = fileHeader
    }

    private func noteInvalid(_ problem: CSVReadError) throws {
        guard skipInvalid else { throw problem.advising(advice) }
        skippedRows += 1
        if firstSkipped == nil { firstSkipped = problem.advising("dropped").description }
    }
}

/// libcsv calls back into this object (through the context pointer) for each field and record end.
final class ParserState {
    let file: String
    var wanted: [String]?
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
    /// Bytes of the current record's fields (for the size of a cut-off tail).
    @exclusivity(unchecked) var recordBytes = 0
    /// After a malformed line when the chunk ended before its newline.
    var skippingLine = false
    /// Set before libcsv's final call when the file ended without a line break.
    var tailIsCutOff = false
    var tailBytes = 0
    /// Called at each record's end; errors are kept by the closure (C callbacks cannot throw).
    var onRecord: ((CSVRecord) -> Void)?
    /// Set after a fatal error: the remaining records are ignored.
    var stop = false
    var invalid: [CSVReadError] = []
    var fatal: CSVReadError?

    init(file: String, wanted: [String]?, optional: Set<String>) {
        self.file = file
        self.wanted = wanted
        self.optional = optional
        storage = Array(repeating: [], count: wanted?.count ?? 0)
        present = Array(repeating: false, count: wanted?.count ?? 0)
    }

    func resetRecord() {
        fieldIndex = 0
        recordBytes = 0
        if header == nil { headerFields.removeAll() }
    }

    func field(_ bytes: UnsafeRawPointer?, _ count: Int) {
        defer { fieldIndex += 1 }
        recordBytes += count
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
            recordBytes = 0
            if terminator == 0x0A { line += 1 }
        }
        // An empty line, or the LF of a CR LF pair: no record.
        guard fieldIndex > 0 else { return }
        guard let header else {
            header = headerFields
            // Two columns of one name: which one a reader takes would be a guess (the first, silently).
            if let repeated = headerFields.enumerated().first(where: { headerFields[..<$0.offset].contains($0.element) }
            ) {
                stop = true
                fatal = .malformed(
                    file: file, line: recordLine,
                    reason: "the header names the column '\(repeated.element)' twice",
                    advice: "rename or remove one of the two columns")
                return
            }
            let names = wanted ?? headerFields
            wanted = names
            storage = Array(repeating: [], count: names.count)
            present = Array(repeating: false, count: names.count)
            slotOfColumn = Array(repeating: -1, count: headerFields.count)
            for (slot, name) in names.enumerated() {
                if let index = headerFields.firstIndex(of: name) {
                    if slotOfColumn[index] < 0 { slotOfColumn[index] = slot }
                    present[slot] = true
                } else if !optional.contains(name) {
                    stop = true
                    fatal = .missingColumn(file: file, line: recordLine, column: name, header: headerFields)
                }
            }
            return
        }
        // The one rule: a row without its line break at the end of the file was cut off (CSVCutOff).
        if terminator == -1 && tailIsCutOff {
            tailBytes = recordBytes + max(0, fieldIndex - 1)
            return
        }
        if fieldIndex != header.count {
            invalid.append(
                .invalidRow(
                    file: file, line: recordLine, column: nil,
                    problem: "the row has \(fieldIndex) fields but the header has \(header.count)",
                    advice: CSVReadError.defaultAdvice))
            return
        }
        guard !stop else { return }
        onRecord?(
            CSVRecord(file: file, line: recordLine, columnNames: wanted ?? [], storage: storage, present: present))
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
