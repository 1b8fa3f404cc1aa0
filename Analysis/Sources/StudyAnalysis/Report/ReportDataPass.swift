// The report's pass over the trials as a step per record, so the reading can be its own (`ReportData.load`) or the
// models' first pass (`ReportMixedModels.read`: one reading of the file for both, not two).
import Foundation
import TidyFormats

extension ReportData {
    /// The tallies of `ReportData` while the rows stream by; `finish` turns their codes into names.
    struct Pass {
        typealias Measures = ReportData.Measures
        /// The columns read, in slot order (`row` reads by these slots; the domain columns included), and those a
        /// file may lack.
        private(set) var columns: [String]
        private(set) var optional: Set<String>
        /// The domain check over `columns` (a reading of its own uses it; a shared reading has its own, over the
        /// same first slots).
        let domains: TrialColumnCheck
        private var data = ReportData()
        private let stimulusSlots: [Int]
        private let dropsSkipped: Bool
        private let filterSlots: [(slot: Int, filters: [RowFilter])]
        // Filtered columns are coded like the others; each distinct value is judged once.
        private var filterCoders: [TextCoder]
        private var filterPasses: [[Int: Bool]]
        // Text columns are coded once per distinct value (looked up by raw bytes): rows allocate nothing.
        // condition, participant, session, protocol, plan
        private var coders = [TextCoder(), TextCoder(), TextCoder(), TextCoder(), TextCoder()]
        private var protocolRows: [(rows: Int, plan: Int?)] = []
        private var byCondition: [Measures] = []
        private var byParticipant: [Measures] = []
        private var byCell: [Int: Measures] = [:]
        private var bySession: [Int: GroupAccumulator] = [:]
        private var circular: [Int: (cos: CompensatedSum, sin: CompensatedSum, n: Int)] = [:]
        private var confusion: [Int: (count: Int, n: Int)] = [:]
        private var reversals: [Int: (count: Int, n: Int)] = [:]
        private var cellReversals: [Int: (count: Int, n: Int)] = [:]
        private var targetCoder = TextCoder()
        private var hashCoder = TextCoder()
        private var byStimulus: [Int: StimulusMeasures] = [:]
        private var byStimulusPerson: [Int: [Int: Measures]] = [:]
        private let wide = 1 << 24

        init(files: [String], compare: String, filters: [RowFilter]) {
            data.files = files
            data.filters = filters
            var columns = [
                compare, "participant", "abs_deviation_deg", "time_s", "deviation_deg", "target_bearing_deg",
                "aim_bearing_deg", "round", "session_id", "front_back_confusion", "protocol", "plan",
                SkippedTargets.column,
            ]
            var optional: Set<String> = [
                "deviation_deg", "target_bearing_deg", "aim_bearing_deg", "round", "session_id",
                "front_back_confusion", "protocol", "plan", SkippedTargets.column,
            ]
            // Slot 12; a --filter on the column makes skipped rows data (the filter decides).
            dropsSkipped = !filters.contains { $0.column == SkippedTargets.column }
            // The stimulus a row played (issue 42), each read where the columns already hold it (`--compare target`).
            let stimulusColumns = ["target", "stimulus_sha256", "stimulus_bandwidth_oct", "front_back_reversal"]
            for column in stimulusColumns where !columns.contains(column) {
                columns.append(column)
                optional.insert(column)
            }
            stimulusSlots = stimulusColumns.map { columns.firstIndex(of: $0) ?? 0 }
            for f in filters where !columns.contains(f.column) { columns.append(f.column) }
            domains = TrialColumnCheck(columns: &columns, optional: &optional)
            let named = columns
            filterSlots = Dictionary(grouping: filters, by: \.column).map { entry in
                (slot: named.firstIndex(of: entry.key) ?? 0, filters: entry.value)
            }
            filterCoders = filterSlots.map { _ in TextCoder() }
            filterPasses = filterSlots.map { _ in [Int: Bool]() }
            self.columns = columns
            self.optional = optional
        }

        /// Rows a file's reading refused (`--skip-invalid`).
        mutating func refused(_ rows: Int) { data.skipped += rows }

        /// One record of the reading, checked by `domains` (the check its reading made of it, over the same slots).
        mutating func row(_ r: CSVRecord, _ domains: TrialColumnCheck) throws {
            if dropsSkipped, SkippedTargets.isSkipped(r, 12) {
                data.skippedTargets += 1
                return
            }
            for (k, (slot, group)) in filterSlots.enumerated() {
                let code = filterCoders[k].code(r.bytes(slot)) { StudyData.unescapeText(r.string(slot)) }
                if let pass = filterPasses[k][code] {
                    if !pass { return } else { continue }
                }
                let pass = RowFilter.keeps(filterCoders[k].names[code], group)
                filterPasses[k][code] = pass
                if !pass { return }
            }
            func number(_ slot: Int) throws -> Double { try domains.value(r, slot).approximate }
            guard !r.isEmpty(0) else { throw r.invalid(0, "the group is empty") }
            guard !r.isEmpty(1) else { throw r.invalid(1, "the participant is empty") }
            let deviation = try number(2)
            let time = try number(3)
            let signed = r.has(4) ? try number(4) : nil
            let target = r.has(5) ? try number(5) : nil
            let aim = r.has(6) ? try number(6) : nil
            let round = r.has(7) ? Int(try number(7)) : nil
            var confused: Bool?
            if r.has(9) {
                switch r.bytes(9).first {
                case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "1"), UInt8(ascii: "y"): confused = true
                case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "0"), UInt8(ascii: "n"): confused = false
                default: throw r.invalid(9, "'\(r.string(9))' is not true or false")
                }
            }
            let c = code(0, r.bytes(0))
            let p = code(1, r.bytes(1))
            if c == byCondition.count { byCondition.append(Measures()) }
            if p == byParticipant.count { byParticipant.append(Measures()) }
            byCondition[c].deviation.add(deviation)
            byCondition[c].time.add(time)
            byParticipant[p].deviation.add(deviation)
            byParticipant[p].time.add(time)
            byCell[p * wide + c, default: Measures()].deviation.add(deviation)
            byCell[p * wide + c, default: Measures()].time.add(time)
            if let round { data.rounds[round, default: GroupAccumulator()].add(deviation) }
            if r.has(8) {
                bySession[p * wide + code(2, r.bytes(8)), default: GroupAccumulator()].add(deviation)
            } else {
                data.everyRowHasSession = false
            }
            if let signed {
                var entry = circular[c] ?? (CompensatedSum(), CompensatedSum(), 0)
                entry.cos.add(cos(signed * .pi / 180))
                entry.sin.add(sin(signed * .pi / 180))
                entry.n += 1
                circular[c] = entry
            }
            if let confused {
                let entry = confusion[c] ?? (0, 0)
                confusion[c] = (entry.count + (confused ? 1 : 0), entry.n + 1)
            }
            if r.has(stimulusSlots[3]), !r.isEmpty(stimulusSlots[3]) {
                let reversed: Bool
                switch r.bytes(stimulusSlots[3]).first {
                case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "1"), UInt8(ascii: "y"): reversed = true
                case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "0"), UInt8(ascii: "n"): reversed = false
                default:
                    throw r.invalid(stimulusSlots[3], "'\(r.string(stimulusSlots[3]))' is not true or false")
                }
                func tally(_ entry: inout (count: Int, n: Int)) {
                    entry = (entry.count + (reversed ? 1 : 0), entry.n + 1)
                }
                tally(&reversals[c, default: (0, 0)])
                tally(&cellReversals[p * wide + c, default: (0, 0)])
            }
            if let target, let aim, data.polarPairs.count < maxPolarPairs { data.polarPairs.append((target, aim)) }
            if r.has(stimulusSlots[0]), !r.isEmpty(stimulusSlots[0]) {
                let slots = stimulusSlots
                let named = targetCoder.code(r.bytes(slots[0])) { StudyData.unescapeText(r.string(slots[0])) }
                let hash =
                    r.has(slots[1])
                    ? hashCoder.code(r.bytes(slots[1])) { r.string(slots[1]) }
                    : hashCoder.code(UnsafeBufferPointer(start: nil, count: 0)) { "" }
                let key = named * wide + hash
                // Mutated in place: a copy of the entry would copy its participants for every row.
                byStimulusPerson[key, default: [:]][p, default: Measures()].deviation.add(deviation)
                byStimulusPerson[key, default: [:]][p, default: Measures()].time.add(time)
                if byStimulus[key]?.bandwidthOctaves == nil, r.has(slots[2]), !r.isEmpty(slots[2]) {
                    byStimulus[key, default: StimulusMeasures()].bandwidthOctaves = try number(slots[2])
                }
                if r.has(slots[3]), let first = r.bytes(slots[3]).first {
                    byStimulus[key, default: StimulusMeasures()].reversalRows += 1
                    if first == UInt8(ascii: "t") || first == UInt8(ascii: "T") {
                        byStimulus[key, default: StimulusMeasures()].reversals += 1
                    }
                }
            }
            let protocolCode = r.has(10) ? code(3, r.bytes(10)) : code(3, UnsafeBufferPointer(start: nil, count: 0))
            if protocolCode == protocolRows.count { protocolRows.append((0, nil)) }
            protocolRows[protocolCode].rows += 1
            if protocolRows[protocolCode].plan == nil, r.has(11), !r.isEmpty(11) {
                protocolRows[protocolCode].plan = code(4, r.bytes(11))
            }
            data.rows += 1
        }

        private mutating func code(_ column: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            coders[column].code(bytes) { StudyData.unescapeText(String(decoding: bytes, as: UTF8.self)) }
        }

        /// The tallies by name, after the last record.
        func finish() -> ReportData {
            var data = self.data
            for (k, (slot, _)) in filterSlots.enumerated() {
                data.filterValues[columns[slot]] = Set(filterCoders[k].names)
            }
            let names = coders.map(\.names)
            for (c, entry) in protocolRows.enumerated() {
                data.protocols[names[3][c]] = entry.rows
                if let plan = entry.plan { data.plans[names[3][c]] = names[4][plan] }
            }
            for (c, m) in byCondition.enumerated() { data.conditions[names[0][c]] = m }
            for (p, m) in byParticipant.enumerated() { data.participants[names[1][p]] = m }
            for (key, m) in byCell { data.cells[PairKey(a: names[1][key / wide], b: names[0][key % wide])] = m }
            for (key, g) in bySession { data.sessions[PairKey(a: names[1][key / wide], b: names[2][key % wide])] = g }
            for (c, v) in circular { data.circular[names[0][c]] = v }
            for (c, v) in confusion { data.confusion[names[0][c]] = v }
            for (c, v) in reversals { data.reversals[names[0][c]] = v }
            for (key, v) in cellReversals {
                data.cellReversals[PairKey(a: names[1][key / wide], b: names[0][key % wide])] = v
            }
            for (code, people) in byStimulusPerson {
                var entry = byStimulus[code] ?? StimulusMeasures()
                for (p, m) in people { entry.byParticipant[names[1][p]] = m }
                data.stimuli[
                    StimulusKey(target: targetCoder.names[code / wide], sha256: hashCoder.names[code % wide])] = entry
            }
            return data
        }
    }
}
