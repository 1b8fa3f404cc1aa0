// The one CSV reader: streams a file through libcsv (strict RFC 4180), handing each record's chosen columns to a callback.
import CCSV
import Foundation

/// One record as the callback sees it: the requested columns' bytes lie one after another in one buffer, each field a
/// stretch of it. A streamed record is a view of the buffer the parser reuses, valid until the callback returns: it
/// holds no reference-counted field (the file's name, columns and which of them the file has are shared by every
/// record of the file and made once, at the header), so handing one to the callback costs no allocation, retain or
/// release. `kept()` makes a record that owns a copy of its fields (`CSVTable`'s records).
public struct CSVRecord: @unchecked Sendable, Equatable {
    /// 1-based line of the file where the record starts (line breaks inside quoted fields count).
    public let line: Int
    // The accessors are inlinable so that a reader in another module (the analyzer) reads a field with no call.
    /// Kept alive by the reader while streaming, by `owner` once kept.
    @usableFromInline let layout: Unmanaged<CSVRecordLayout>
    /// The parser's buffer of the chosen fields, or the line itself when the reader split it (see `unquotedRow`).
    @usableFromInline let base: UnsafePointer<UInt8>
    /// Slot k's bytes are `base[bounds[2k] ..< bounds[2k + 1]]` (empty for an optional column the file lacks).
    @usableFromInline let bounds: UnsafePointer<Int>
    /// nil while streaming; a kept record's own copy of its fields.
    @usableFromInline let owner: CSVRecordStorage?

    init(
        line: Int, layout: Unmanaged<CSVRecordLayout>, base: UnsafePointer<UInt8>, bounds: UnsafePointer<Int>,
        owner: CSVRecordStorage?
    ) {
        self.line = line
        self.layout = layout
        self.base = base
        self.bounds = bounds
        self.owner = owner
    }

    public var file: String { layout._withUnsafeGuaranteedRef { $0.file } }
    public var columnNames: [String] { layout._withUnsafeGuaranteedRef { $0.columnNames } }

    @inlinable public func has(_ slot: Int) -> Bool {
        layout._withUnsafeGuaranteedRef {
            precondition(slot >= 0 && slot < $0.slots, "no column slot \(slot)")
            return $0.present[slot]
        }
    }

    /// The field's bytes as they stand in the file (the formula guard left in), in the record's buffer: valid while
    /// the record is (a streamed record: until its callback returns).
    @inlinable public func bytes(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
        precondition(slot >= 0 && slot < layout._withUnsafeGuaranteedRef { $0.slots }, "no column slot \(slot)")
        return UnsafeBufferPointer(start: base + bounds[2 * slot], count: bounds[2 * slot + 1] - bounds[2 * slot])
    }

    @inlinable public func isEmpty(_ slot: Int) -> Bool { bytes(slot).isEmpty }

    @inlinable public func withBytes<R>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(bytes(slot)) }
    }

    @inlinable public func string(_ slot: Int) -> String { withBytes(slot) { String(decoding: $0, as: UTF8.self) } }

    /// Every requested field as text, in `columnNames` order.
    public var fields: [String] { columnNames.indices.map { string($0) } }

    /// A record to keep beyond the callback: its own copy of its fields, no larger than they are.
    func kept() -> CSVRecord {
        let shared = layout.takeUnretainedValue()
        let slots = shared.slots
        let total = (0..<slots).reduce(0) { $0 + bounds[2 * $1 + 1] - bounds[2 * $1] }
        let storage = CSVRecordStorage(layout: shared, byteCount: total, slots: slots)
        var at = 0
        for slot in 0..<slots {
            let field = bytes(slot)
            storage.bounds[2 * slot] = at
            if let source = field.baseAddress, field.count > 0 {
                (storage.bytes + at).initialize(from: source, count: field.count)
            }
            at += field.count
            storage.bounds[2 * slot + 1] = at
        }
        return CSVRecord(
            line: line, layout: layout, base: UnsafePointer(storage.bytes), bounds: UnsafePointer(storage.bounds),
            owner: storage)
    }

    /// Equal when file, line, columns and every field's bytes are (however the fields lie in the buffer).
    public static func == (a: CSVRecord, b: CSVRecord) -> Bool {
        let names = a.columnNames
        return a.file == b.file && a.line == b.line && names == b.columnNames
            && names.indices.allSatisfy { slot in
                a.has(slot) == b.has(slot)
                    && a.withBytes(slot) { x in b.withBytes(slot) { y in x.elementsEqual(y) } }
            }
    }

    /// A row-level problem (bad number, wrong field count): fatal unless the reader skips invalid rows.
    public func invalid(_ slot: Int?, _ what: String) -> CSVReadError {
        .invalidRow(
            file: file, line: line, column: slot.map { columnNames[$0] }, problem: what,
            advice: CSVReadError.defaultAdvice)
    }
}

/// What every record of one file shares, made once at its header.
@usableFromInline final class CSVRecordLayout: @unchecked Sendable {
    let file: String
    let columnNames: [String]
    @usableFromInline let slots: Int
    /// Whether the file has column k (an optional column may be missing); never written after `init`.
    @usableFromInline let present: UnsafeMutablePointer<Bool>

    init(file: String, columnNames: [String], present: [Bool]) {
        self.file = file
        self.columnNames = columnNames
        slots = columnNames.count
        self.present = .allocate(capacity: max(present.count, 1))
        self.present.initialize(from: present, count: present.count)
    }

    deinit { present.deallocate() }
}

/// A kept record's fields and bounds (see `CSVRecord.kept`).
@usableFromInline final class CSVRecordStorage: @unchecked Sendable {
    let layout: CSVRecordLayout
    let bytes: UnsafeMutablePointer<UInt8>
    let bounds: UnsafeMutablePointer<Int>

    init(layout: CSVRecordLayout, byteCount: Int, slots: Int) {
        self.layout = layout
        bytes = .allocate(capacity: max(byteCount, 1))
        bounds = .allocate(capacity: max(2 * slots, 1))
        bounds.initialize(repeating: 0, count: max(2 * slots, 1))
    }

    deinit {
        bytes.deallocate()
        bounds.deallocate()
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
    /// Told of each row skipped, as it is: a reading shared by readers of which only some skip invalid rows (the
    /// analyzer's report and its models) ends the others' parts at the first.
    public var onSkipped: ((CSVReadError) -> Void)?
    public private(set) var rowsRead = 0
    /// The header of the last file read.
    public private(set) var header: [String] = []
    /// The cut-off last line of the last file read, if it had one.
    public private(set) var cutOff: CSVCutOff?
    /// Shows a progress bar on stderr for big inputs when stderr is a terminal.
    public var showProgress = isatty(2) == 1
    /// Lines without quotes split without libcsv (`feed`); off only in the tests that compare the two.
    var fastPath = true
    /// Bytes read from a file at a time; the tests make it small to put chunk ends everywhere.
    var chunkSize = 1 << 20
    /// Lines of the last read split by `feed` itself, not by libcsv (the tests check the fast path ran).
    private(set) var linesSplitHere = 0

    public init(columns: [String]?, optionalColumns: Set<String> = [], skipInvalid: Bool = false) {
        self.columns = columns
        self.optionalColumns = optionalColumns
        self.skipInvalid = skipInvalid
    }

    /// Streams the file at `path` in chunks of `chunkSize` (1 MiB).
    public func read(path: String, onRecord: (CSVRecord) throws -> Void) throws {
        // A FIFO would block fopen, a device would never end: refused before opening.
        try RegularFile.check(path)
        guard let file = fopen(path, "rb") else {
            throw CSVReadError.unreadable(file: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var st = stat()
        let size = stat(path, &st) == 0 ? Int(st.st_size) : 0
        let chunkSize = self.chunkSize
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
        var handlerError: Error?
        // Called for every record: it holds no reference to the parser's state (no cycle to break) and takes the
        // reader unretained (the reader outlives its own parse); it returns true to stop the reading.
        let state = ParserState(file: path, wanted: columns, optional: optionalColumns) {
            [unowned(unsafe) self] record, nulSlot in
            do {
                // A NUL is no text: a number cut at it ("2<NUL>0" read as 2) would be a silent wrong value.
                if let nulSlot {
                    throw record.invalid(nulSlot, "holds a NUL byte, which no CSV text has (is the file damaged?)")
                }
                try onRecord(record)
                self.rowsRead += 1
            } catch let row as CSVReadError {
                do { try self.noteInvalid(row) } catch {
                    handlerError = error
                    return true
                }
            } catch {
                handlerError = error
                return true
            }
            return false
        }
        defer { linesSplitHere = state.linesSplit }
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

        /// Bytes through libcsv, which holds its state from call to call; lines are counted in the callbacks.
        func parseWithLibcsv(_ bytes: UnsafeBufferPointer<UInt8>) throws {
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
        }

        /// A chunk, line by line: a whole line without a quote that starts while libcsv is between rows is split
        /// right here (`ParserState.unquotedLine`, libcsv's rules for unquoted fields); every other byte (a line with
        /// a quote, the rest of a quoted field, the chunk's last unfinished line) goes to libcsv, the one judge of
        /// quoting. The fuzz test in CSVReaderFastPathTests holds both to the same records and errors.
        func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            guard fastPath, let base = bytes.baseAddress else {
                try parseWithLibcsv(bytes)
                try handleRows()
                return
            }
            let count = bytes.count
            var position = 0
            while position < count {
                let newline = memchr(base + position, 0x0A, count - position).map {
                    $0.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
                }
                // libcsv's ROW_NOT_BEGUN is 0: it holds no part of a row, so the next line may be split here.
                guard let newline, parser.pstate == 0 else {
                    let end = newline.map { $0 + 1 } ?? count
                    try parseWithLibcsv(UnsafeBufferPointer(rebasing: bytes[position..<end]))
                    position = end
                    continue
                }
                if memchr(base + position, 0x22, newline - position) != nil {
                    try parseWithLibcsv(UnsafeBufferPointer(rebasing: bytes[position...newline]))
                } else {
                    state.unquotedLine(base + position, count: newline - position)
                }
                position = newline + 1
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
        onSkipped?(problem)
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
    /// The current record's wanted fields, one after another; reused from record to record (see `CSVRecord`).
    @exclusivity(unchecked) var buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) var capacity = 4096
    @exclusivity(unchecked) var count = 0
    /// Slot k's field is `buffer[bounds[2k] ..< bounds[2k + 1]]`; allocated at the header.
    @exclusivity(unchecked) var bounds: UnsafeMutablePointer<Int>?
    /// Set while a row the reader split itself ends: its fields are stretches of the line, not copies in `buffer`.
    @exclusivity(unchecked) var lineStart: UnsafePointer<UInt8>?
    @exclusivity(unchecked) var lineCount = 0
    /// The file's columns, shared by its records (made at the header).
    var layout: CSVRecordLayout?
    @exclusivity(unchecked) var layoutReference: Unmanaged<CSVRecordLayout>?
    @exclusivity(unchecked) var fieldIndex = 0
    /// The physical line being parsed (1-based); newlines inside quoted fields count too.
    @exclusivity(unchecked) var line = 1
    /// Newlines met inside the current record's quoted fields (the record started that many lines earlier).
    @exclusivity(unchecked) var newlinesInRecord = 0
    @exclusivity(unchecked) var countNewlinesInFields = true
    /// Bytes of the current record's fields (for the size of a cut-off tail).
    @exclusivity(unchecked) var recordBytes = 0
    var linesSplit = 0
    /// After a malformed line when the chunk ended before its newline.
    var skippingLine = false
    /// Set before libcsv's final call when the file ended without a line break.
    var tailIsCutOff = false
    var tailBytes = 0
    /// Called at each record's end with the slot of a field holding a NUL byte, if one does; true stops the reading
    /// (errors are kept by the closure: C callbacks cannot throw).
    let onRecord: (CSVRecord, Int?) -> Bool
    /// Set after a fatal error: the remaining records are ignored.
    var stop = false
    var invalid: [CSVReadError] = []
    var fatal: CSVReadError?

    init(file: String, wanted: [String]?, optional: Set<String>, onRecord: @escaping (CSVRecord, Int?) -> Bool) {
        self.file = file
        self.wanted = wanted
        self.optional = optional
        self.onRecord = onRecord
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        bounds?.deallocate()
    }

    func resetRecord() {
        fieldIndex = 0
        recordBytes = 0
        count = 0
        if header == nil { headerFields.removeAll() }
    }

    /// The first slot whose field holds a NUL byte (one memchr over the record's bytes when none does).
    func slotHoldingNUL(_ base: UnsafePointer<UInt8>, count: Int, slots: Int, bounds: UnsafeMutablePointer<Int>) -> Int?
    {
        guard count > 0, memchr(base, 0, count) != nil else { return nil }
        return (0..<slots).first { slot in
            UnsafeBufferPointer(start: base + bounds[2 * slot], count: bounds[2 * slot + 1] - bounds[2 * slot])
                .contains(0)
        }
    }

    /// A line without quote or LF, as libcsv (strict, every CR and LF ending a row) reads it: each CR ends a row, the
    /// line's LF the last one; a row of nothing but spaces and tabs has no field; fields are split at each comma and
    /// lose the spaces and tabs around them.
    func unquotedLine(_ start: UnsafePointer<UInt8>, count: Int) {
        linesSplit += 1
        let end = start + count
        var rowStart = start
        while true {
            let cr = memchr(rowStart, 0x0D, end - rowStart).map {
                UnsafePointer($0.assumingMemoryBound(to: UInt8.self))
            }
            unquotedRow(rowStart, cr ?? end, terminator: cr == nil ? 0x0A : 0x0D)
            guard let cr else { return }
            rowStart = cr + 1
        }
    }

    private func unquotedRow(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, terminator: Int32) {
        @inline(__always) func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        if header != nil, let bounds {
            // A data row: its fields are not copied; the record's bounds are offsets into the line itself.
            let columns = slotOfColumn.count
            /// The field between two commas (or the row's ends), without the blanks around it.
            @inline(__always) func take(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>) {
                var first = from
                while first < to, isSpace(first.pointee) { first += 1 }
                var last = to
                while last > first, isSpace((last - 1).pointee) { last -= 1 }
                recordBytes += last - first
                if fieldIndex < columns {
                    let slot = slotOfColumn[fieldIndex]
                    if slot >= 0 {
                        bounds[2 * slot] = first - start
                        bounds[2 * slot + 1] = last - start
                    }
                }
                fieldIndex += 1
            }
            var p = start
            while p < end, isSpace(p.pointee) { p += 1 }
            if p < end {
                var fieldStart = p
                // Eight bytes at a time: a comma is a zero byte of the word XOR ",,,,,,,,", and the exact zero-byte
                // mask (no carry crosses a byte) marks every one of them, lowest address first.
                let commas: UInt64 = 0x2C2C_2C2C_2C2C_2C2C
                let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                while end - p >= 8 {
                    let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)) ^ commas
                    var zeros = ~(((word & low7) &+ low7) | word) & ~low7
                    while zeros != 0 {
                        let comma = p + zeros.trailingZeroBitCount >> 3
                        take(fieldStart, comma)
                        fieldStart = comma + 1
                        zeros &= zeros &- 1
                    }
                    p += 8
                }
                while p < end {
                    if p.pointee == 0x2C {
                        take(fieldStart, p)
                        fieldStart = p + 1
                    }
                    p += 1
                }
                take(fieldStart, end)
            }
            lineStart = start
            lineCount = end - start
            endRecord(terminator)
            return
        }
        var p = start
        while p < end, isSpace(p.pointee) { p += 1 }
        if p < end {
            while true {
                var fieldEnd = p
                while fieldEnd < end, fieldEnd.pointee != 0x2C { fieldEnd += 1 }
                var last = fieldEnd
                while last > p, isSpace((last - 1).pointee) { last -= 1 }
                field(UnsafeRawPointer(p), last - p)
                guard fieldEnd < end else { break }
                p = fieldEnd + 1
                while p < end, isSpace(p.pointee) { p += 1 }
            }
        }
        endRecord(terminator)
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
        guard !stop, fieldIndex < slotOfColumn.count, let bounds else { return }
        let slot = slotOfColumn[fieldIndex]
        guard slot >= 0 else { return }
        bounds[2 * slot] = self.count
        if let bytes, count > 0 {
            if self.count + count > capacity { grow(to: self.count + count) }
            UnsafeMutableRawPointer(buffer + self.count).copyMemory(from: bytes, byteCount: count)
            self.count += count
        }
        bounds[2 * slot + 1] = self.count
    }

    /// A larger buffer for a record longer than any before (the fields so far move with it).
    private func grow(to needed: Int) {
        var larger = capacity
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = moved
        capacity = larger
    }

    /// `terminator`: the CR or LF that ended the row (-1 at the end of the file).
    func endRecord(_ terminator: Int32) {
        let recordLine = line - newlinesInRecord
        defer {
            fieldIndex = 0
            newlinesInRecord = 0
            recordBytes = 0
            count = 0
            lineStart = nil
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
            let slotBounds = UnsafeMutablePointer<Int>.allocate(capacity: max(2 * names.count, 1))
            slotBounds.initialize(repeating: 0, count: max(2 * names.count, 1))
            bounds = slotBounds
            var present = Array(repeating: false, count: names.count)
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
            let shared = CSVRecordLayout(file: file, columnNames: names, present: present)
            layout = shared
            layoutReference = Unmanaged.passUnretained(shared)
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
        guard !stop, let layoutReference, let bounds else { return }
        let base = lineStart ?? UnsafePointer(buffer)
        let nulSlot = slotHoldingNUL(
            base, count: lineStart == nil ? count : lineCount,
            slots: layoutReference._withUnsafeGuaranteedRef { $0.slots },
            bounds: bounds)
        let record = CSVRecord(
            line: recordLine, layout: layoutReference, base: base, bounds: UnsafePointer(bounds), owner: nil)
        if onRecord(record, nulSlot) { stop = true }
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
