// The models' first pass for one row, its state in one value (as `ModelRowStep` for the second pass): captured
// variables each cost a dynamic exclusivity check per access; one mutating method is checked once per row.
import Foundation
import TidyFormats

/// What the first pass learns of each variable: its distinct values as text and as numbers, and the combinations of
/// the grouping factors made of several columns. Values are kept as bytes (a String is made once per distinct value).
struct ModelDesignStep {
    /// More distinct number values than this in a column that also holds text: it mixes the two.
    static let cap = 100_000
    private let slotOf: [Int]
    private let binary: Bool
    /// Whether each variable is a grouping factor (or a `factor(x)`): every value is a level.
    private let grouping: [Bool]
    /// Grouping factors made of several columns (participant:site), with their variables' slots in `values`.
    private let combined: [(name: String, slots: [Int])]
    private var seen: [Set<[UInt8]>]
    /// Up to `knownCount` values of each variable already in `seen`, compared by memcmp before anything is copied: a
    /// factor that changes every row (the conditions in turn) made an array and a hash per row.
    private var known: [[[UInt8]]]
    private static let knownCount = 16
    private var last: [[UInt8]?]
    private(set) var texts: [Set<[UInt8]>]
    private(set) var numberTexts: [Set<[UInt8]>]
    private(set) var combinations: [String: Set<[UInt8]>] = [:]
    private(set) var rows = 0
    private var values: [UnsafeBufferPointer<UInt8>]

    init(slotOf: [Int], binary: Bool, grouping: [Bool], combined: [(name: String, slots: [Int])]) {
        self.slotOf = slotOf
        self.binary = binary
        self.grouping = grouping
        self.combined = combined
        let count = slotOf.count
        seen = Array(repeating: [], count: count)
        known = Array(repeating: [], count: count)
        last = Array(repeating: nil, count: count)
        texts = Array(repeating: [], count: count)
        numberTexts = Array(repeating: [], count: count)
        values = Array(repeating: UnsafeBufferPointer(start: nil, count: 0), count: count + 1)
    }

    /// Reads one row; false when a value is missing (the row is not used).
    mutating func read(_ field: (Int) throws -> UnsafeBufferPointer<UInt8>?, _ record: CSVRecord) throws -> Bool {
        for s in 0...slotOf.count {
            guard let v = try field(s == 0 ? 0 : slotOf[s - 1]) else { return false }
            values[s] = v
        }
        let response = values[0]
        if (binary ? MixedModelReader.binary(response) : MixedModelReader.number(response)) == nil {
            throw MixedModelReader.badResponse(response, binary: binary, record: record)
        }
        for i in slotOf.indices {
            let value = values[i + 1]
            if let l = last[i], ByteKey.same(l, value) { continue }
            if let k = known[i].firstIndex(where: { ByteKey.same($0, value) }) {
                last[i] = known[i][k]
                continue
            }
            let bytes = Array(value)
            last[i] = bytes
            if seen[i].contains(bytes) {
                if known[i].count < Self.knownCount { known[i].append(bytes) }
                continue
            }
            if seen[i].count < Self.cap || grouping[i] {
                seen[i].insert(bytes)
                if known[i].count < Self.knownCount { known[i].append(bytes) }
            }
            if grouping[i] || MixedModelReader.number(value) == nil {
                texts[i].insert(bytes)
            } else if numberTexts[i].count < Self.cap {
                numberTexts[i].insert(bytes)
            }
        }
        for (name, slots) in combined {
            var key: [UInt8] = []
            for s in slots {
                key.append(contentsOf: values[s])
                key.append(0)
            }
            combinations[name, default: []].insert(key)
        }
        rows += 1
        return true
    }
}
