// Two streaming passes over the trial rows: the first finds each variable's type and levels, the second hands
// every complete row's y, fixed-effect row and random-effect rows to an accumulator; no row is kept.
import Foundation
import TidyFormats

/// What to read for a mixed model besides the formula.
public struct MixedModelInput: Sendable {
    public var paths: [String]
    public var filters: [RowFilter] = []
    public var skipInvalid = false
    public var participantsFile: String?
    public var contrasts: ContrastKind = .treatment
    /// Binomial response: true/false, yes/no and 1/0 are accepted and nothing else.
    public var binaryResponse = false
    public var showProgress = true

    public init(paths: [String]) { self.paths = paths }
}

/// One complete row in model-matrix form; the arrays are reused between rows.
struct ModelRow {
    var y = 0.0
    var x: [Double] = []
    /// Per block: the level of the row's group and the block's d random-effect columns.
    var level: [Int] = []
    var z: [[Double]] = []
}

/// Reads rows for one formula; `rowsUsed` and `rowsWithMissing` describe what was read.
public final class MixedModelReader {
    let formula: ModelFormula
    let input: MixedModelInput
    public private(set) var rowsWithMissing = 0
    public private(set) var skippedRows = 0
    /// Rows of skipped animals left out (`SkippedTargets`).
    public private(set) var skippedTargets = 0
    public private(set) var firstSkipped: String?
    public private(set) var files: [String] = []
    let participants: ParticipantTable?
    /// The variables (not the response) and, for grouping factors, which variables form them.
    let names: [String]
    /// The CSV columns read (the response first) and, per variable, its column's slot (`factor(x)` reads x).
    let columns: [String]
    let slotOf: [Int]
    let groupingVariables: Set<String>

    public init(formula: ModelFormula, input: MixedModelInput) throws {
        self.formula = formula
        self.input = input
        let (files, found) = try StudyData.resolveInputs(input.paths)
        self.files = files
        participants = try ParticipantTable.forInputs(explicit: input.participantsFile, found: found)
        names = formula.variables
        var columns = [formula.response]
        for v in names where !columns.contains(columnOfVariable(v)) { columns.append(columnOfVariable(v)) }
        self.columns = columns
        slotOf = names.map { columns.firstIndex(of: columnOfVariable($0))! }
        groupingVariables = Set(formula.randomTerms.flatMap(\.group))
        if names.contains(formula.response) {
            throw AnalysisError("Column '\(formula.response)' is both the response and a predictor; use it once.")
        }
    }

    /// One reader's step for each row that passes the filters: `field(slot)` is the row's value of the reader's
    /// column `slot` (nil: missing), bytes valid until the step returns (the record's buffer, reused for the next
    /// row): a step keeping one past the row copies it (`Array(bytes)`).
    typealias Row = (_ field: (Int) throws -> UnsafeBufferPointer<UInt8>?, _ record: CSVRecord) throws -> Void

    /// A reading of its own that goes along with the models' first pass (the report's tallies, `ReportData.Pass`): one
    /// reading of the files for both, not two. Its columns are the shared reading's first slots, in its order, and
    /// the ones it needs stay needed (a file without one fails as its own reading failed it). `row` sees every record
    /// the file accepts, after the domain check and before the models' filters; an error it throws ends the whole
    /// reading (a step that counts its invalid rows under --skip-invalid catches them itself).
    struct SharedReading {
        let columns: [String]
        let optional: Set<String>
        /// Its --skip-invalid: the file's invalid rows are counted for it even when the models' reading refuses them
        /// (a refused row then ends the models' parts, as their own reading ended them).
        let skipInvalid: Bool
        let row: (CSVRecord, TrialColumnCheck) throws -> Void
        /// After each file: the rows the file's reading refused (--skip-invalid).
        let fileRead: (_ refusedRows: Int) -> Void
    }

    /// Streams every file once for `readers`, readers of the same files, filters, participants and --skip-invalid
    /// (the report's three models: one reading of the trials, not three), calling each reader's `rows` step. What the
    /// file itself refuses (a malformed line, a row of the wrong length, an impossible measured value) is refused for
    /// every reader, as each would alone; a step's own error (a response that is no number, a column only that model
    /// names) ends that reader's part only, and is its result. Returns each reader's error, or nil; throws only the
    /// error that ended `sharing`'s reading.
    private static func scan(_ readers: [MixedModelReader], _ rows: [Row], sharing: SharedReading? = nil) throws
        -> [Error?]
    {
        guard let first = readers.first else { return [] }
        let input = first.input
        let participants = first.participants
        var columns: [String] = []
        for reader in readers { for c in reader.columns where !columns.contains(c) { columns.append(c) } }
        for f in input.filters where !columns.contains(f.column) { columns.append(f.column) }
        // A skipped animal is no photo: left out unless a model or a filter names the column.
        let leavesOutSkipped = !columns.contains(SkippedTargets.column)
        if let sharing { columns = sharing.columns + columns.filter { !sharing.columns.contains($0) } }
        // Each reader's slot of a column → the shared slot.
        let shared = readers.map { reader in reader.columns.map { columns.firstIndex(of: $0)! } }
        if !columns.contains("participant") { columns.append("participant") }
        let participantSlot = columns.firstIndex(of: "participant")!
        var skippedSlot: Int?
        if leavesOutSkipped {
            if !columns.contains(SkippedTargets.column) { columns.append(SkippedTargets.column) }
            skippedSlot = columns.firstIndex(of: SkippedTargets.column)
        }
        var optional: Set<String> = ["participant", SkippedTargets.column]
        if let participants { for c in columns where participants.columns.contains(c) { optional.insert(c) } }
        // A column only some readers need is optional to the shared reading; a reader whose column a file lacks gets
        // the missing-column error its own reading would have given.
        let needs = readers.map { reader in reader.columns.filter { !optional.contains($0) } }
        let everyoneNeeds = needs.dropFirst().reduce(Set(needs[0])) { $0.intersection($1) }
        for list in needs { for c in list where !everyoneNeeds.contains(c) { optional.insert(c) } }
        if let sharing {
            optional = optional.union(sharing.optional).subtracting(
                sharing.columns.filter { !sharing.optional.contains($0) })
        }
        let domains = TrialColumnCheck(columns: &columns, optional: &optional)
        let filterSlots = Dictionary(grouping: input.filters, by: \.column).map {
            (slot: columns.firstIndex(of: $0.key)!, filters: $0.value)
        }
        let alone = readers.count == 1 && sharing == nil
        var errors = [Error?](repeating: nil, count: readers.count)
        for file in first.files where sharing != nil || errors.contains(where: { $0 == nil }) {
            let reader = CSVReader.forAnalysis(
                columns: columns, optionalColumns: optional,
                skipInvalid: input.skipInvalid || sharing?.skipInvalid == true)
            reader.showProgress = reader.showProgress && (input.showProgress || sharing != nil)
            if !input.skipInvalid, reader.skipInvalid {
                reader.onSkipped = { [advice = reader.advice] row in
                    for r in readers.indices where errors[r] == nil { errors[r] = row.advising(advice) }
                }
            }
            var lacking = [String?](repeating: nil, count: readers.count)
            var ownSkipped = [Int](repeating: 0, count: readers.count)
            var ownFirstSkipped = [String?](repeating: nil, count: readers.count)
            var checkedColumns = false
            let madeBytes = RowBytes()
            do {
                try reader.read(path: file) { record in
                    madeBytes.removeAll()
                    if !checkedColumns {
                        checkedColumns = true
                        for r in readers.indices {
                            lacking[r] = needs[r].first { !record.has(columns.firstIndex(of: $0)!) }
                        }
                    }
                    try domains.check(record)
                    if let sharing {
                        try sharing.row(record, domains)
                        guard errors.contains(where: { $0 == nil }) else { return }
                    }
                    if let skippedSlot, SkippedTargets.isSkipped(record, skippedSlot) {
                        for r in readers.indices where errors[r] == nil { readers[r].skippedTargets += 1 }
                        return
                    }
                    func field(_ s: Int) throws -> UnsafeBufferPointer<UInt8>? {
                        if record.has(s) {
                            // Fast path: the field's own bytes, unless a spreadsheet guard (') must be undone or an
                            // older log's true/false must read as TRUE/FALSE.
                            let bytes = record.bytes(s)
                            if bytes.first != 0x27 {
                                // An older log's true/false reads as TRUE/FALSE (`StudyData.unescapeText`), from bytes
                                // made once: it was a text, an array and a set lookup for every row of a GLMM.
                                if let upper = Self.upperCaseBoolean(bytes) { return upper }
                                return bytes.isEmpty || bytes.elementsEqual(Self.missingMarker) ? nil : bytes
                            }
                            let text = StudyData.unescapeText(record.string(s))
                            return text.isEmpty || text == "NA" ? nil : madeBytes.hold(text)
                        }
                        guard record.has(participantSlot) else {
                            throw AnalysisError(
                                "\(file): column '\(columns[s])' is in neither this file nor participants.csv; check the model's names."
                            )
                        }
                        let id = StudyData.unescapeText(record.string(participantSlot))
                        guard let v = participants?.value(participant: id, column: columns[s]) else {
                            throw record.invalid(participantSlot, "participant '\(id)' is not in participants.csv")
                        }
                        return v.isEmpty || v == "NA" ? nil : madeBytes.hold(v)
                    }
                    for (slot, filters) in filterSlots {
                        let v = try field(slot).map { String(decoding: $0, as: UTF8.self) } ?? ""
                        if !RowFilter.keeps(v, filters) { return }
                    }
                    for r in readers.indices where errors[r] == nil && lacking[r] == nil {
                        if alone {
                            // One reader: its errors are the reading's, counted or fatal as the reader decides.
                            try rows[r]({ try field(shared[r][$0]) }, record)
                            continue
                        }
                        do {
                            try rows[r]({ try field(shared[r][$0]) }, record)
                        } catch let row as CSVReadError {
                            let advised = row.advising(reader.advice)
                            guard input.skipInvalid else {
                                errors[r] = advised
                                continue
                            }
                            ownSkipped[r] += 1
                            if ownFirstSkipped[r] == nil { ownFirstSkipped[r] = row.advising("dropped").description }
                        } catch {
                            errors[r] = error
                        }
                    }
                }
            } catch {
                // The shared reading's end is the whole reading's (the report stops with it).
                if sharing != nil { throw error }
                for r in readers.indices where errors[r] == nil { errors[r] = error }
                break
            }
            sharing?.fileRead(reader.skippedRows)
            for r in readers.indices where errors[r] == nil {
                if let column = lacking[r] ?? needs[r].first(where: { !reader.header.contains($0) }) {
                    errors[r] = CSVReadError.missingColumn(file: file, line: 1, column: column, header: reader.header)
                    continue
                }
                readers[r].skippedRows += reader.skippedRows + ownSkipped[r]
                if readers[r].firstSkipped == nil {
                    readers[r].firstSkipped = reader.firstSkipped ?? ownFirstSkipped[r]
                }
            }
        }
        return errors
    }

    static func badResponse(_ bytes: UnsafeBufferPointer<UInt8>, binary: Bool, record: CSVRecord) -> CSVReadError {
        let shown = String(decoding: bytes, as: UTF8.self)
        return record.invalid(
            0,
            binary
                ? "'\(shown)' is not binary; a binomial model needs true/false, yes/no or 1/0"
                : "'\(shown)' is not a number")
    }

    static let missingMarker: [UInt8] = Array("NA".utf8)
    /// `TRUE` for `true`/`True`, `FALSE` for `false`/`False` (what `StudyData.unescapeText` makes of them), nil for
    /// anything else; the bytes are made once and live as long as the program.
    static func upperCaseBoolean(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let first = bytes.first, first == 0x74 || first == 0x66 || first == 0x54 || first == 0x46 else {
            return nil
        }
        if spells(bytes, "true") || spells(bytes, "True") { return upperTrue }
        if spells(bytes, "false") || spells(bytes, "False") { return upperFalse }
        return nil
    }

    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && memcmp(bytes.baseAddress!, word.utf8Start, bytes.count) == 0
    }

    private nonisolated(unsafe) static let upperTrue = lasting("TRUE")
    private nonisolated(unsafe) static let upperFalse = lasting("FALSE")

    private static func lasting(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = bytes.initialize(from: text.utf8)
        return UnsafeBufferPointer(bytes)
    }

    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? { ExactDecimal.parse(bytes)?.approximate }

    /// true/yes/1 and false/no/0, any case.
    static func binary(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        // The plain spellings straight from the bytes (a GLMM reads this for every trial, twice); anything else, such
        // as a value padded with a Unicode space, is judged as text.
        var word: UInt64 = 0
        var count = 0
        var ended = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 {
                ended = count > 0
                continue
            }
            guard !ended, count < 5, byte < 0x80 else { return binaryText(bytes) }
            word = word << 8 | UInt64(byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0))
            count += 1
        }
        if trueWords.contains(word) { return 1 }
        if falseWords.contains(word) { return 0 }
        return binaryText(bytes)
    }

    /// The spellings, lower case, packed a byte at a time into an integer.
    private static let trueWords: [UInt64] = ["true", "yes", "1"].map(packed)
    private static let falseWords: [UInt64] = ["false", "no", "0"].map(packed)

    private static func packed(_ word: String) -> UInt64 { word.utf8.reduce(0) { $0 << 8 | UInt64($1) } }

    private static func binaryText(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        switch String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "1": return 1
        case "false", "no", "0": return 0
        default: return nil
        }
    }

    /// First pass: numeric or factor for each variable, factor levels in R's order, levels of each grouping factor.
    func design() throws -> MixedModelDesign { try Self.designs([self])[0].get() }

    /// The first pass of several readers of the same files (the report's models) in one reading of them, which
    /// `sharing` reads along; each reader's design or the error that ended its part. Throws what ended `sharing`.
    static func designs(_ readers: [MixedModelReader], sharing: SharedReading? = nil) throws
        -> [Result<MixedModelDesign, Error>]
    {
        let passes = readers.map { $0.designPass() }
        let errors = try scan(readers, passes.map(\.row), sharing: sharing)
        return zip(passes, errors).map { pass, error in
            if let error { return .failure(error) }
            return Result { try pass.finish() }
        }
    }

    /// The first pass's step for each row and the step that makes the design after the last one. Values are kept as
    /// bytes (a String is made once per distinct value), and a run of equal values costs a compare.
    private func designPass() -> (row: Row, finish: () throws -> MixedModelDesign) {
        let cap = ModelDesignStep.cap
        let grouping = names.map { groupingVariables.contains($0) || $0 != columnOfVariable($0) }
        // Grouping factors made of several columns (participant:site) need their combinations counted.
        let combined = formula.randomTerms.filter { $0.group.count > 1 }.map { t in
            (name: t.groupName, slots: t.group.map { names.firstIndex(of: $0)! + 1 })
        }
        var step = ModelDesignStep(
            slotOf: slotOf, binary: input.binaryResponse, grouping: grouping, combined: combined)
        let row: Row = { [self] field, record in
            if try !step.read(field, record) { rowsWithMissing += 1 }
        }
        let finish: () throws -> MixedModelDesign = { [self] in try makeDesign() }
        func makeDesign() throws -> MixedModelDesign {
            let (texts, numberTexts, combinations, rows) = (step.texts, step.numberTexts, step.combinations, step.rows)
            var groupLevels: [String: Int] = [:]
            for t in formula.randomTerms {
                groupLevels[t.groupName] =
                    t.group.count == 1
                    ? texts[names.firstIndex(of: t.group[0])!].count : combinations[t.groupName]?.count ?? 0
            }
            var variables: [ModelVariable] = []
            for (i, name) in names.enumerated() {
                if texts[i].isEmpty && !grouping[i] {
                    variables.append(ModelVariable(name: name, levels: nil))
                } else {
                    if numberTexts[i].count >= cap {
                        throw AnalysisError(
                            "Column '\(name)' mixes numbers and text; clean it or filter the text rows out.")
                    }
                    let all = texts[i].union(numberTexts[i]).map { String(decoding: $0, as: UTF8.self) }
                    variables.append(ModelVariable(name: name, levels: StudyData.sortLevels(all)))
                }
            }
            guard rows > 0 else {
                throw AnalysisError(
                    "No complete rows to fit (\(rowsWithMissing) with missing values); check the files and --filter values."
                )
            }
            return try MixedModelDesign(
                formula: formula, variables: variables, groupLevelCounts: groupLevels,
                contrasts: input.contrasts)
        }
        return (row, finish)
    }

    /// Second pass: each complete row in model-matrix form, with group levels numbered in order of appearance.
    func stream(_ design: MixedModelDesign, _ body: @escaping (inout ModelRow) throws -> Void) throws {
        if let error = try Self.scan([self], [streamPass(design, body)])[0] { throw error }
    }

    /// The second pass of several readers in one reading of the files: each reader's rows to its own `body`; the
    /// error that ended a reader's part, or nil.
    static func stream(
        _ readers: [MixedModelReader], _ designs: [MixedModelDesign], _ bodies: [(inout ModelRow) throws -> Void]
    ) -> [Error?] {
        do {
            return try scan(readers, readers.indices.map { readers[$0].streamPass(designs[$0], bodies[$0]) })
        } catch {
            // Only a shared reading's end is thrown, and there is none here; were there, it would end every reader.
            return readers.map { _ in error }
        }
    }

    private func streamPass(_ design: MixedModelDesign, _ body: @escaping (inout ModelRow) throws -> Void) -> Row {
        var step = ModelRowStep(design: design, slotOf: slotOf, binary: input.binaryResponse)
        rowsWithMissing = 0
        skippedRows = 0
        firstSkipped = nil
        return { [self] field, record in
            guard try step.read(field, record) else {
                rowsWithMissing += 1
                return
            }
            try step.hand(to: body)
        }
    }
}

/// Bytes the shared reading makes for a row (a field with its spreadsheet guard undone, a participants.csv answer) and
/// hands out as it hands out the record's own: they live until the next row.
private final class RowBytes {
    private var held: [UnsafeMutableBufferPointer<UInt8>] = []

    func hold(_ text: String) -> UnsafeBufferPointer<UInt8> {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = bytes.initialize(from: text.utf8)
        held.append(bytes)
        return UnsafeBufferPointer(bytes)
    }

    func removeAll() {
        guard !held.isEmpty else { return }
        for bytes in held { bytes.deallocate() }
        held.removeAll(keepingCapacity: true)
    }

    deinit { removeAll() }
}
