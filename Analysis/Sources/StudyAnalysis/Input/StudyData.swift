// Loads a value column grouped by factor columns (and optionally subjects) from CSV files and folders, streaming.
import Foundation
import StudyRecords
import TidyFormats

/// What to read: one numeric column, the factors that group it, an optional subject column and row filters.
public struct LoadOptions: Sendable {
    public var value: String
    public var factors: [String]
    public var subject: String?
    public var filters: [RowFilter] = []
    public var skipInvalid = false
    /// Median, ranks and Levene need every value; everything else runs in memory bounded by groups.
    public var keepValues = false
    /// Sums of cosines and sines of the values (degrees) per group, for circular statistics in constant memory.
    public var angularSums = false
    /// `true`/`false`/`yes`/`no` count as 1/0 (front-back confusion).
    public var acceptBooleans = false
    /// participants.csv to look up columns trials.csv lacks (joined on `participant`).
    public var participantsFile: String?
    public var showProgress = true

    public init(value: String, factors: [String] = [], subject: String? = nil) {
        self.value = value
        self.factors = factors
        self.subject = subject
    }
}

/// `COL=VALUE` keeps rows whose column equals one of the values given for it; `COL!=VALUE` drops them.
public struct RowFilter: Sendable {
    public let column: String
    public let value: String
    public let negated: Bool

    public init(parsing text: String) throws {
        if let r = text.range(of: "!=") {
            column = String(text[..<r.lowerBound])
            value = String(text[r.upperBound...])
            negated = true
        } else if let r = text.range(of: "=") {
            column = String(text[..<r.lowerBound])
            value = String(text[r.upperBound...])
            negated = false
        } else {
            throw AnalysisError("--filter '\(text)': expected COLUMN=VALUE or COLUMN!=VALUE.")
        }
        guard !column.isEmpty else { throw AnalysisError("--filter '\(text)': the column name is missing before '='.") }
    }

    /// The one rule of `--filter`, for the filters of one column: a value is kept when it is one of the column's
    /// positive values (or there are none) and none of its negated ones.
    public static func keeps(_ value: String, _ columnFilters: [RowFilter]) -> Bool {
        let positives = columnFilters.filter { !$0.negated }
        return (positives.isEmpty || positives.contains { $0.value == value })
            && !columnFilters.contains { $0.negated && $0.value == value }
    }
}

/// A group (or cell) key: the factor levels in order, plus the subject when one is asked for.
public struct CellKey: Hashable, Sendable {
    public let levels: [String]
    public let subject: String?
}

public struct StudyData: Sendable {
    public let options: LoadOptions
    /// The common reference groups' `mean` and `values` are measured from (each group holds its
    /// values relative to its own first value, exactly; see `GroupAccumulator`).
    public let origin: ExactDecimal?
    public let groups: [[String]: GroupAccumulator]
    public let cells: [CellKey: GroupAccumulator]
    /// Per group: Σcos, Σsin of the values in degrees and their count (only with `angularSums`).
    public let angular: [[String]: (cosineSum: Double, sineSum: Double, n: Int)]
    public let rows: Int
    public let skippedRows: Int
    public let firstSkipped: String?
    /// Rows of animals the patient skipped (trials.csv `skipped` TRUE), left out of the analysis.
    public var skippedTargets = 0
    public let files: [String]
    /// Loaded without a subject, and some participant has several rows in one group: the rows are not independent.
    public var repeatedParticipants = false
    /// Loaded without a subject, and some participant has rows in two groups: --by is a within-subjects factor.
    public var participantsInSeveralGroups = false

    public var originValue: Double { origin?.approximate ?? 0 }

    /// Levels of factor `index`, sorted numerically when all are numbers, else as text (R's default).
    public func levels(of index: Int) -> [String] {
        var set = Set<String>()
        for key in groups.keys { set.insert(key[index]) }
        return Self.sortLevels(Array(set))
    }

    public static func sortLevels(_ levels: [String]) -> [String] {
        let numbers = levels.compactMap { Double($0) }
        if numbers.count == levels.count {
            return levels.sorted { (Double($0) ?? 0) < (Double($1) ?? 0) }
        }
        return levels.sorted {
            $0.compare($1, options: [.caseInsensitive]) == .orderedAscending
                || ($0.lowercased() == $1.lowercased() && $0 < $1)
        }
    }

    public var subjects: [String] { Self.sortLevels(Array(Set(cells.keys.compactMap { $0.subject }))) }

    /// Group keys in sorted order (factor by factor).
    public var sortedGroupKeys: [[String]] {
        let orders = options.factors.indices.map { i in
            Dictionary(uniqueKeysWithValues: levels(of: i).enumerated().map { ($1, $0) })
        }
        return groups.keys.sorted { a, b in
            for i in a.indices where a[i] != b[i] { return (orders[i][a[i]] ?? 0) < (orders[i][b[i]] ?? 0) }
            return false
        }
    }

    public static func load(paths: [String], options: LoadOptions) throws -> StudyData {
        let (files, found) = try resolveInputs(paths)
        let participants = try ParticipantTable.forInputs(explicit: options.participantsFile, found: found)
        let loader = Loader(options: options, participants: participants)
        for file in files { try loader.read(file: file) }
        guard loader.rows > 0 else {
            var reason = "no rows left to analyse"
            if !options.filters.isEmpty {
                reason += " after the filters"
                // Say which values there are, so a misspelt value (two-target for two-targets) is seen at once.
                var seen: [String] = []
                for column in options.filters.map(\.column) where !seen.contains(column) {
                    seen.append(column)
                    guard let c = loader.coderOfColumn[column], !loader.coders[c].names.isEmpty else { continue }
                    let values = StudyData.sortLevels(loader.coders[c].names)
                    reason += "; \(column) has " + values.map { "'\($0)'" }.joined(separator: ", ")
                    let asked = options.filters.filter { $0.column == column && !$0.negated }.map(\.value)
                    for value in asked where !values.contains(value) {
                        if let guess = CSVReadError.closest(to: value, in: values) {
                            reason += " (did you mean \(column)=\(guess)?)"
                        }
                    }
                }
            }
            if loader.skipped > 0 { reason += " (\(loader.skipped) invalid rows skipped)" }
            throw AnalysisError("\(files.joined(separator: ", ")): \(reason); check the files and --filter values.")
        }
        let origin = loader.rebase()
        var data = StudyData(
            options: options, origin: origin, groups: loader.groups, cells: loader.cells,
            angular: loader.angular,
            rows: loader.rows, skippedRows: loader.skipped, firstSkipped: loader.firstSkipped, files: files,
            repeatedParticipants: loader.repeatedParticipants,
            participantsInSeveralGroups: loader.participantsInSeveralGroups)
        data.skippedTargets = loader.skippedTargets
        return data
    }

    /// Files as given plus every trials.csv below given folders; also the participants.csv lying in each given folder.
    public static func resolveInputs(_ paths: [String]) throws -> (files: [String], participants: [String]) {
        guard !paths.isEmpty else {
            throw AnalysisError("No input: give one or more CSV files or folders holding trials.csv files.")
        }
        var files: [String] = []
        var participantsFiles: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw AnalysisError("\(path): no such file or folder; give a CSV file or a folder of session logs.")
            }
            if isDirectory.boolValue {
                let found = try trialsFiles(under: path)
                if found.isEmpty {
                    throw AnalysisError("\(path): no trials.csv below this folder; is it a StudyLogs folder?")
                }
                files += found
                let candidate = (path as NSString).appendingPathComponent("participants.csv")
                if !participantsFiles.contains(candidate), FileManager.default.fileExists(atPath: candidate) {
                    participantsFiles.append(candidate)
                }
            } else {
                files.append(path)
            }
        }
        try SessionIdentityCheck.check(files: files)
        return (files, participantsFiles)
    }

    static func trialsFiles(under folder: String) throws -> [String] { try files(named: "trials.csv", under: folder) }

    /// A participant log beside the trials (ratings.csv, questionnaires.csv): every file called `name` and every
    /// trials.csv below the given folders, and files given as they are (a trials.csv among the trials).
    static func logFiles(named name: String, in paths: [String]) throws -> (logs: [String], trials: [String]) {
        guard !paths.isEmpty else { throw AnalysisError("No input: give StudyLogs folders or \(name) files.") }
        var logs: [String] = []
        var trials: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw AnalysisError("\(path): no such file or folder; give a StudyLogs folder or a \(name) file.")
            }
            if isDirectory.boolValue {
                logs += try files(named: name, under: path)
                trials += try trialsFiles(under: path)
            } else if (path as NSString).lastPathComponent == "trials.csv" {
                trials.append(path)
            } else {
                logs.append(path)
            }
        }
        return (logs, trials)
    }

    /// Every file called `name` below `folder`, sorted. A 0-byte one is left out: it is a log with no rows yet (a
    /// crash or a full disk right after its creation, docs/LOG-FORMAT.md), not a file without a header.
    static func files(named name: String, under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw AnalysisError("\(folder): cannot list this folder; check its permissions.")
        }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            guard (item as NSString).lastPathComponent == name else { continue }
            let path = (folder as NSString).appendingPathComponent(item)
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size == 0 { continue }
            found.append(path)
        }
        return found.sorted()
    }

    /// A text field as the analyzer groups by it: the spreadsheet guard undone exactly as TidyFormats writes it
    /// (`'-x` was written for the text `-x`; the report's CSV writer guards it again), and the booleans of older logs
    /// (`true`/`false`) read as the `TRUE`/`FALSE` the game writes now, so old and new logs pool into one level.
    static func unescapeText(_ s: String) -> String {
        switch s {
        case "true", "True": return "TRUE"
        case "false", "False": return "FALSE"
        default: return CSVValue.unguardingFormula(s)
        }
    }
}

/// The streaming part: one pass over each file, updating accumulators per group and cell.
/// Hot path: text fields are looked up by their raw bytes in small caches (one String per distinct
/// value, not per row) and groups are found through integer codes, so a row allocates nothing.
private final class Loader {
    let options: LoadOptions
    let participants: ParticipantTable?
    /// Each group's first value (its accumulator holds values relative to it).
    var groupFirstValues: [ExactDecimal] = []
    var rows = 0
    var skipped = 0
    var firstSkipped: String?
    /// Rows of skipped animals left out (`SkippedTargets`).
    var skippedTargets = 0

    /// Distinct texts per column (after undoing the spreadsheet guard) and their codes; one coder per column name.
    @exclusivity(unchecked) var coders: [TextCoder] = []
    var coderOfColumn: [String: Int] = [:]
    @exclusivity(unchecked) var groupIndex: [Int: Int] = [:]
    var groupKeys: [[String]] = []
    @exclusivity(unchecked) var groupAccumulators: [GroupAccumulator] = []
    @exclusivity(unchecked) var angularSums: [(cos: CompensatedSum, sin: CompensatedSum)] = []
    @exclusivity(unchecked) var cellIndex: [Int: Int] = [:]
    var cellKeys: [CellKey] = []
    @exclusivity(unchecked) var cellAccumulators: [GroupAccumulator] = []
    /// Without a subject: participant codes seen per group, to notice one participant contributing several rows.
    var participantsOfGroup: [Int: Set<Int>] = [:]
    var groupOfParticipant: [Int: Int] = [:]
    var repeatedParticipants = false
    var participantsInSeveralGroups = false

    init(options: LoadOptions, participants: ParticipantTable?) {
        self.options = options
        self.participants = participants
    }

    /// Measures every group and cell from one common reference, which tests comparing groups subtract: the median of
    /// the groups' first values, so one extreme group does not cost the others their digits. Returns it.
    func rebase() -> ExactDecimal? {
        let firsts = groupFirstValues.sorted { $0.approximate < $1.approximate }
        guard !firsts.isEmpty else { return nil }
        let reference = firsts[(firsts.count - 1) / 2]
        for g in groupAccumulators.indices { groupAccumulators[g].rebase(to: reference) }
        for c in cellAccumulators.indices { cellAccumulators[c].rebase(to: reference) }
        return reference
    }

    var groups: [[String]: GroupAccumulator] { Dictionary(uniqueKeysWithValues: zip(groupKeys, groupAccumulators)) }
    var cells: [CellKey: GroupAccumulator] { Dictionary(uniqueKeysWithValues: zip(cellKeys, cellAccumulators)) }
    var angular: [[String]: (cosineSum: Double, sineSum: Double, n: Int)] {
        guard options.angularSums else { return [:] }
        return Dictionary(
            uniqueKeysWithValues: groupKeys.indices.map { g in
                (groupKeys[g], (angularSums[g].cos.value, angularSums[g].sin.value, groupAccumulators[g].count))
            })
    }

    func coder(for column: String) -> Int {
        if let c = coderOfColumn[column] { return c }
        coders.append(TextCoder())
        coderOfColumn[column] = coders.count - 1
        return coders.count - 1
    }

    func read(file: String) throws {
        let filterColumns = options.filters.map(\.column)
        let textColumns = options.factors + (options.subject.map { [$0] } ?? []) + filterColumns
        var wanted = [options.value]
        for c in textColumns + ["participant"] where !wanted.contains(c) { wanted.append(c) }
        // A skipped animal is no photo: left out unless the researcher names the column (then it is data).
        let dropsSkipped = !wanted.contains(SkippedTargets.column)
        if dropsSkipped { wanted.append(SkippedTargets.column) }
        let slot = Dictionary(wanted.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var optional: Set<String> = ["participant", SkippedTargets.column]
        if let participants { for c in textColumns where participants.columns.contains(c) { optional.insert(c) } }
        let domains = TrialColumnCheck(columns: &wanted, optional: &optional)
        let reader = CSVReader.forAnalysis(columns: wanted, optionalColumns: optional, skipInvalid: options.skipInvalid)
        reader.showProgress = reader.showProgress && options.showProgress
        do {
            try readRecords(
                file: file, reader: reader, textColumns: textColumns, wanted: wanted, slot: slot,
                skippedSlot: dropsSkipped ? slot[SkippedTargets.column] : nil, domains: domains)
        } catch CSVReadError.missingColumn(let path, let line, let column, let header)
            where participants == nil && ParticipantRecord.columns.contains(column) && !header.contains(column)
        {
            // A participants.csv answer (age, tinnitus, ...) is joined only when that file is known.
            throw AnalysisError(
                "\(path):\(line): no column named '\(column)'; it is a column of participants.csv: give --participants "
                    + "StudyLogs/participants.csv (or the logs folder itself as input, whose participants.csv is read)."
            )
        }
    }

    private func readRecords(
        file: String, reader: CSVReader, textColumns: [String], wanted: [String], slot: [String: Int],
        skippedSlot: Int?, domains: TrialColumnCheck
    ) throws {
        // Every wanted column has a slot (it was built from `wanted`); 0 is never reached.
        let factorSlots = options.factors.map { slot[$0] ?? 0 }
        let subjectSlot = options.subject.map { slot[$0] ?? 0 }
        let filterGroups = Dictionary(grouping: options.filters, by: \.column).map {
            (slot: slot[$0.key] ?? 0, filters: $0.value)
        }
        let participantSlot = slot["participant"] ?? 0
        var checkedJoin = false
        let keep = options.keepValues
        let acceptBooleans = options.acceptBooleans
        let angular = options.angularSums
        let participants = self.participants
        var filterPasses: [Int: [Int: Bool]] = [:]  // filter slot -> text code -> keep?
        let coderOfSlot = wanted.map { coder(for: $0) }
        func name(_ slot: Int, _ code: Int) -> String { coders[coderOfSlot[slot]].names[code] }

        try reader.readNotingCutOff(path: file) { record in
            try domains.check(record)
            if let skippedSlot, SkippedTargets.isSkipped(record, skippedSlot) {
                skippedTargets += 1
                return
            }
            if !checkedJoin {
                checkedJoin = true
                for c in textColumns where !record.has(slot[c] ?? 0) && !record.has(participantSlot) {
                    throw AnalysisError(
                        "\(file): column '\(c)' is in neither this file nor participants.csv, and the file has no 'participant' column to join on."
                    )
                }
            }
            /// The text of a column, from the file or joined from participants.csv.
            func text(_ s: Int) throws -> String {
                if record.has(s) { return StudyData.unescapeText(record.string(s)) }
                let id = StudyData.unescapeText(record.string(participantSlot))
                guard let v = participants?.value(participant: id, column: record.columnNames[s]) else {
                    throw record.invalid(
                        participantSlot,
                        "participant '\(id)' is not in participants.csv (needed for column '\(record.columnNames[s])')")
                }
                return v
            }
            func codeOf(_ s: Int) throws -> Int {
                // A joined column's value depends on the participant, so its cache key is the participant's bytes.
                let bytes = record.bytes(record.has(s) ? s : participantSlot)
                return try coders[coderOfSlot[s]].code(bytes) { try text(s) }
            }
            for (s, filters) in filterGroups {
                let c = try codeOf(s)
                if let pass = filterPasses[s]?[c] { if !pass { return } else { continue } }
                let pass = RowFilter.keeps(name(s, c), filters)
                filterPasses[s, default: [:]][c] = pass
                if !pass { return }
            }
            let decimal: ExactDecimal
            if acceptBooleans {
                // A rate counts true/false outcomes: TRUE/FALSE (R's logical, as the game writes them), true/false
                // (older logs) or 1/0; any other number would silently turn into a fraction of a success, and a word
                // such as "yes" is no value the game writes.
                switch record.string(0).trimmingCharacters(in: .whitespaces).lowercased() {
                case "true", "1": decimal = ExactDecimal(mantissa: 1, scale: 0)
                case "false", "0": decimal = ExactDecimal(mantissa: 0, scale: 0)
                default:
                    guard let number = record.withBytes(0, { ExactDecimal.parse($0) }),
                        number.approximate == 0 || number.approximate == 1
                    else {
                        throw record.invalid(0, "'\(record.string(0))' is not TRUE/FALSE, true/false or 1/0")
                    }
                    decimal = number
                }
            } else {
                decimal = try domains.value(record, 0)
                try domains.checkValue(decimal.approximate, record, 0)
            }
            var key = 0
            for s in factorSlots {
                let c = try codeOf(s)
                if name(s, c).isEmpty {
                    if record.has(s) { throw record.invalid(s, "the group is empty") }
                    throw record.invalid(
                        participantSlot,
                        "participant '\(record.string(participantSlot))' has no '\(record.columnNames[s])' answer in participants.csv"
                    )
                }
                key = key &* 1_048_573 &+ c + 1
            }
            var cellKey: Int?
            if let subjectSlot {
                let c = try codeOf(subjectSlot)
                if name(subjectSlot, c).isEmpty { throw record.invalid(subjectSlot, "the subject is empty") }
                cellKey = key &* 1_048_573 &+ c + 1
            }
            let g: Int
            if let existing = groupIndex[key] {
                g = existing
            } else {
                g = groupAccumulators.count
                groupIndex[key] = g
                groupKeys.append(try factorSlots.map { s in name(s, try codeOf(s)) })
                groupAccumulators.append(GroupAccumulator(keepValues: keep))
                groupFirstValues.append(decimal)
                angularSums.append((CompensatedSum(), CompensatedSum()))
            }
            groupAccumulators[g].add(decimal)
            if subjectSlot == nil && !(repeatedParticipants && participantsInSeveralGroups)
                && record.has(participantSlot)
            {
                let c = try codeOf(participantSlot)
                if !participantsOfGroup[g, default: []].insert(c).inserted { repeatedParticipants = true }
                if let first = groupOfParticipant[c], first != g { participantsInSeveralGroups = true }
                groupOfParticipant[c] = groupOfParticipant[c] ?? g
            }
            if angular {
                let radians = decimal.approximate * .pi / 180
                angularSums[g].cos.add(cos(radians))
                angularSums[g].sin.add(sin(radians))
            }
            if let cellKey, let subjectSlot {
                let cell: Int
                if let existing = cellIndex[cellKey] {
                    cell = existing
                } else {
                    cell = cellAccumulators.count
                    cellIndex[cellKey] = cell
                    cellKeys.append(CellKey(levels: groupKeys[g], subject: name(subjectSlot, try codeOf(subjectSlot))))
                    cellAccumulators.append(GroupAccumulator())
                }
                cellAccumulators[cell].add(decimal)
            }
            rows += 1
        }
        skipped += reader.skippedRows
        if firstSkipped == nil { firstSkipped = reader.firstSkipped }
    }
}
