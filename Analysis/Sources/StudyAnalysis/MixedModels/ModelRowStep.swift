// The models' second pass for one row, its state in one value: the pass's closure captured each piece as a variable
// of its own, and each access to a captured variable was a dynamic exclusivity check (about 15 % of the pass's time);
// in one value mutated by one method they are checked once per row.
import Foundation
import TidyFormats

/// Turns a row's fields into `row` (model-matrix form) for one design; group levels numbered in order of appearance.
struct ModelRowStep {
    /// The complete row last read.
    private(set) var row: ModelRow
    private let design: MixedModelDesign
    private let slotOf: [Int]
    private let binary: Bool
    private let isFactor: [Bool]
    private let levelCounts: [Int]
    /// Each factor's levels as bytes (a level's index is its position) and, for many levels, by bytes.
    private let levelBytes: [[[UInt8]]]
    private let levelIndex: [[ByteKey: Int]]
    /// A block's level for a combination of its variables' levels (mixed radix), numbered as first seen.
    private let radix: [[Int]]
    private let blockVariables: [[Int]]
    private var groupIndex: [[Int: Int]]
    // Cache: the last bytes seen per variable and their parsed value (trials come in runs of one participant).
    private var lastBytes: [[UInt8]?]
    private var numeric: [Double]
    private var level: [Int]

    init(design: MixedModelDesign, slotOf: [Int], binary: Bool) {
        self.design = design
        self.slotOf = slotOf
        self.binary = binary
        let variableCount = slotOf.count
        isFactor = design.variables.map(\.isFactor)
        let levelCounts = design.variables.map { $0.levels?.count ?? 0 }
        self.levelCounts = levelCounts
        let levelBytes = design.variables.map { v in (v.levels ?? []).map { Array($0.utf8) } }
        self.levelBytes = levelBytes
        levelIndex = levelBytes.map { levels in
            levels.count <= Self.fewLevels
                ? [:] : Dictionary(uniqueKeysWithValues: levels.enumerated().map { (ByteKey(bytes: $1), $0) })
        }
        radix = design.blocks.map { block in
            var stride = 1
            return block.groupVariables.map { v in
                defer { stride *= max(levelCounts[v], 1) }
                return stride
            }
        }
        blockVariables = design.blocks.map(\.groupVariables)
        groupIndex = design.blocks.map { _ in [Int: Int]() }
        lastBytes = [[UInt8]?](repeating: nil, count: variableCount)
        numeric = [Double](repeating: 0, count: variableCount)
        level = [Int](repeating: 0, count: variableCount)
        row = ModelRow(
            y: 0, x: [Double](repeating: 0, count: design.fixed.count), level: design.blocks.map { _ in 0 },
            z: design.blocks.map { [Double](repeating: 0, count: $0.dimension) })
    }

    /// Reads one row into `row`; false when a value is missing (the row is not used).
    mutating func read(_ field: (Int) throws -> UnsafeBufferPointer<UInt8>?, _ record: CSVRecord) throws -> Bool {
        guard let response = try field(0) else { return false }
        for i in 0..<slotOf.count {
            guard let bytes = try field(slotOf[i]) else { return false }
            if isFactor[i] {
                // The level of the row before, or found without copying the bytes: a factor that changes every row
                // (conditions in turn) made two arrays per row.
                if level[i] < levelBytes[i].count, ByteKey.same(levelBytes[i][level[i]], bytes) { continue }
                let found =
                    levelBytes[i].count <= Self.fewLevels
                    ? levelBytes[i].firstIndex { ByteKey.same($0, bytes) } : levelIndex[i][ByteKey(bytes: Array(bytes))]
                guard let found else {
                    throw record.invalid(
                        slotOf[i],
                        "'\(String(decoding: bytes, as: UTF8.self))' was not seen in the first pass (the file changed while being read)"
                    )
                }
                level[i] = found
            } else {
                if let last = lastBytes[i], ByteKey.same(last, bytes) { continue }
                lastBytes[i] = Array(bytes)
                numeric[i] = MixedModelReader.number(bytes) ?? .nan
                if abs(numeric[i]) > NumberField.largestMagnitude {
                    throw record.invalid(
                        slotOf[i], "'\(String(decoding: bytes, as: UTF8.self))' is \(NumberField.outOfRange)")
                }
            }
        }
        guard let y = binary ? MixedModelReader.binary(response) : MixedModelReader.number(response) else {
            throw MixedModelReader.badResponse(response, binary: binary, record: record)
        }
        // One such value would overflow the cross-products and show up as a misleading collinearity error.
        if abs(y) > NumberField.largestMagnitude {
            throw record.invalid(0, "'\(String(decoding: response, as: UTF8.self))' is \(NumberField.outOfRange)")
        }
        row.y = y
        design.fixed.evaluate(numeric: numeric, level: level, levelCounts: levelCounts, into: &row.x)
        for b in blockVariables.indices {
            var key = 0
            for (k, v) in blockVariables[b].enumerated() { key += level[v] * radix[b][k] }
            if let g = groupIndex[b][key] {
                row.level[b] = g
            } else {
                row.level[b] = groupIndex[b].count
                groupIndex[b][key] = row.level[b]
            }
        }
        for term in design.randomTerms {
            term.spec.evaluate(
                numeric: numeric, level: level, levelCounts: levelCounts, into: &row.z[term.block], at: term.offset)
        }
        return true
    }

    /// Up to this many levels a factor's level is found by comparing bytes (a memcmp each), not by hashing them.
    private static let fewLevels = 16

    /// Hands the row read to `body` (which may change it, as the pass's bodies always could).
    mutating func hand(to body: (inout ModelRow) throws -> Void) rethrows { try body(&row) }
}
