// Two-way between-subjects ANOVA with type II sums of squares (as car::Anova), from per-cell sufficient statistics.
import Foundation

public struct AnovaTerm: Sendable {
    public let name: String
    public let df: Double, ss: Double, ms: Double
    public let f: Double, p: Double
    public let partialEtaSquared: Double
}

public struct TwoWayAnovaResult: Sendable {
    public let terms: [AnovaTerm]  // A, B, A:B
    public let dfWithin: Double, ssWithin: Double, msWithin: Double
    public let emptyCells: Int
}

public enum TwoWayAnova {
    /// Type II: SS(A) = RSS(B) - RSS(A+B), SS(B) = RSS(A) - RSS(A+B), SS(AB) = RSS(A+B) - RSS(A*B).
    /// Residual sums of squares of the additive models come from weighted least squares on cell means.
    public static func test(
        factorA: String, factorB: String, levelsA: [String], levelsB: [String],
        cells: [[String]: GroupAccumulator]
    ) throws -> TwoWayAnovaResult {
        guard levelsA.count >= 2, levelsB.count >= 2 else {
            throw AnalysisError("A two-way ANOVA needs at least two levels in each --by column.")
        }
        struct Cell { let a: Int, b: Int, n: Double, mean: Double }
        var list: [Cell] = []
        var ssWithin = CompensatedSum()
        var total = 0.0
        for (i, a) in levelsA.enumerated() {
            for (j, b) in levelsB.enumerated() {
                guard let g = cells[[a, b]], g.count > 0 else { continue }
                list.append(Cell(a: i, b: j, n: Double(g.count), mean: g.mean))
                ssWithin.add(g.sumOfSquaredDeviations)
                total += Double(g.count)
            }
        }
        let emptyCells = levelsA.count * levelsB.count - list.count
        let dfWithin = total - Double(list.count)
        guard dfWithin > 0 else {
            throw AnalysisError("A two-way ANOVA needs more than one value in some cell (every cell has one value).")
        }
        let na = levelsA.count
        let nb = levelsB.count
        func rss(useA: Bool, useB: Bool) throws -> Double {
            var columns = 1
            if useA { columns += na - 1 }
            if useB { columns += nb - 1 }
            let rows = list.map { cell -> (x: [Double], y: Double, w: Double) in
                var x = [1.0]
                if useA { for i in 1..<na { x.append(cell.a == i ? 1 : 0) } }
                if useB { for j in 1..<nb { x.append(cell.b == j ? 1 : 0) } }
                return (x, cell.mean, cell.n)
            }
            let beta = try LeastSquares.weighted(rows.map(\.x), rows.map(\.y), weights: rows.map(\.w), columns: columns)
            return CompensatedSum.of(
                rows.map { r in
                    let e = r.y - zip(r.x, beta).reduce(0) { $0 + $1.0 * $1.1 }
                    return r.w * e * e
                })
        }
        let rssA = try rss(useA: true, useB: false)
        let rssB = try rss(useA: false, useB: true)
        let rssAB = try rss(useA: true, useB: true)
        let sw = ssWithin.value
        let msWithin = sw / dfWithin
        func term(_ name: String, _ ss: Double, _ df: Double) -> AnovaTerm {
            let f = ss / df / msWithin
            return AnovaTerm(
                name: name, df: df, ss: ss, ms: ss / df, f: f, p: Distributions.fUpper(f, df1: df, df2: dfWithin),
                partialEtaSquared: ss / (ss + sw))
        }
        var terms = [term(factorA, rssB - rssAB, Double(na - 1)), term(factorB, rssA - rssAB, Double(nb - 1))]
        let dfInteraction = Double(list.count - na - nb + 1)
        if dfInteraction > 0 { terms.append(term("\(factorA):\(factorB)", rssAB, dfInteraction)) }
        return TwoWayAnovaResult(
            terms: terms, dfWithin: dfWithin, ssWithin: sw, msWithin: msWithin, emptyCells: emptyCells)
    }
}

/// Weighted least squares by Householder QR on √w-scaled rows (stable; the systems here are small).
enum LeastSquares {
    static func weighted(_ x: [[Double]], _ y: [Double], weights: [Double], columns p: Int) throws -> [Double] {
        var a = zip(x, weights).map { row, w in row.map { $0 * w.squareRoot() } }
        var b = zip(y, weights).map { $0 * $1.squareRoot() }
        let m = a.count
        guard m >= p else { throw AnalysisError("Too few non-empty cells to fit the two-way model.") }
        for k in 0..<p {
            var norm = 0.0
            for i in k..<m { norm += a[i][k] * a[i][k] }
            norm = norm.squareRoot()
            guard norm > 0 else { throw AnalysisError("The two-way design is not estimable (a level has no data).") }
            let alpha = a[k][k] > 0 ? -norm : norm
            var v = Array(repeating: 0.0, count: m)
            v[k] = a[k][k] - alpha
            for i in (k + 1)..<m { v[i] = a[i][k] }
            let vv = v[k...].reduce(0) { $0 + $1 * $1 }
            guard vv > 0 else { continue }
            for j in k..<p {
                var dot = 0.0
                for i in k..<m { dot += v[i] * a[i][j] }
                let factor = 2 * dot / vv
                for i in k..<m { a[i][j] -= factor * v[i] }
            }
            var dot = 0.0
            for i in k..<m { dot += v[i] * b[i] }
            let factor = 2 * dot / vv
            for i in k..<m { b[i] -= factor * v[i] }
        }
        var beta = Array(repeating: 0.0, count: p)
        for k in stride(from: p - 1, through: 0, by: -1) {
            var s = b[k]
            for j in (k + 1)..<p { s -= a[k][j] * beta[j] }
            guard abs(a[k][k]) > 1e-300 else {
                throw AnalysisError("The two-way design is not estimable (confounded cells).")
            }
            beta[k] = s / a[k][k]
        }
        return beta
    }
}
