// Trials of a binomial model grouped by covariate pattern: rows with the same groups, fixed-effect row and
// random-effect rows only add successes and trials, so a factor design needs memory per participant x cell, not per
// trial. (A numeric covariate that differs on every trial makes every trial its own pattern.)
import Foundation

struct BinomialPatterns: Sendable {
    let p: Int
    var levels: [[Int]] = []
    var x: [[Double]] = []
    var z: [[[Double]]] = []
    var successes: [Double] = []
    var trials: [Double] = []
    private var index: [[Double]: Int] = [:]

    init(design: MixedModelDesign) {
        p = design.fixed.count
    }

    var count: Int { successes.count }

    mutating func add(_ row: ModelRow) {
        var key = row.level.map(Double.init) + row.x
        for zb in row.z { key += zb }
        if let i = index[key] {
            successes[i] += row.y
            trials[i] += 1
            return
        }
        index[key] = count
        levels.append(row.level)
        x.append(row.x)
        z.append(row.z)
        successes.append(row.y)
        trials.append(1)
    }

    /// Frees the lookup table once all rows are in.
    mutating func finish() { index = [:] }
}
