// Rank-based alternatives as R computes them: Mann–Whitney U (wilcox.test), Wilcoxon signed-rank, Kruskal–Wallis.
import Foundation

public struct RankTestResult: Sendable {
    public let test: String
    /// W (Mann–Whitney, R's convention: rank sum of the first group minus n1(n1+1)/2), V, or H.
    public let statistic: Double
    public let df: Double?
    public let p: Double
    public let exact: Bool
}

public enum RankTests {
    /// Mid-ranks (ties get the mean rank) and the tie sizes for the correction terms, exactly as R's rank(): only
    /// equal doubles tie. Callers pass the values as R reads them (`GroupAccumulator.valuesAsRead`) and subtract as R
    /// does, so 0.3 - 0.1 and 0.2 stay distinct as in R. With `digitsRank` the values are first rounded to that many
    /// significant digits (R's signif), as wilcox.test(digits.rank = ) does: then decimal-equal differences tie.
    /// (The old tolerance relative to the largest value tied 1e-6 with 2e-6 next to 1e6.)
    static func ranks(_ values: [Double], digitsRank: Int? = nil) -> (ranks: [Double], ties: [Int]) {
        let values = digitsRank.map { d in values.map { Distributions.signif($0, digits: d) } } ?? values
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var ties: [Int] = []
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && values[order[j + 1]] == values[order[i]] { j += 1 }
            let rank = Double(i + j + 2) / 2
            for k in i...j { ranks[order[k]] = rank }
            if j > i { ties.append(j - i + 1) }
            i = j + 1
        }
        return (ranks, ties)
    }

    /// Exact (pwilcox) when both n < 50 and there are no ties, else normal with continuity and tie correction.
    public static func mannWhitney(_ x: [Double], _ y: [Double], digitsRank: Int? = nil) throws -> RankTestResult {
        guard !x.isEmpty, !y.isEmpty else { throw AnalysisError("Mann–Whitney needs values in both groups.") }
        let (r, ties) = ranks(x + y, digitsRank: digitsRank)
        let n1 = Double(x.count)
        let n2 = Double(y.count)
        let w = CompensatedSum.of(r[0..<x.count]) - n1 * (n1 + 1) / 2
        if x.count < 50 && y.count < 50 && ties.isEmpty {
            let p =
                w > n1 * n2 / 2
                ? Distributions.rankSumCDF(w - 1, m: n1, n: n2, upper: true) : Distributions.rankSumCDF(w, m: n1, n: n2)
            return RankTestResult(
                test: "Wilcoxon rank sum exact test (Mann–Whitney U)", statistic: w, df: nil, p: min(1, 2 * p),
                exact: true)
        }
        let n = n1 + n2
        let tieTerm = ties.reduce(0.0) { $0 + pow(Double($1), 3) - Double($1) }
        let sigma = (n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))).squareRoot()
        var z = w - n1 * n2 / 2
        z = (z - (z > 0 ? 0.5 : z < 0 ? -0.5 : 0)) / sigma
        let p = 2 * min(Distributions.normalCDF(z), Distributions.normalUpper(z))
        return RankTestResult(
            test: "Wilcoxon rank sum test with continuity correction (Mann–Whitney U)", statistic: w, df: nil,
            p: min(1, p), exact: false)
    }

    /// Signed-rank test on paired differences; zero differences are dropped as R does.
    public static func wilcoxonSignedRank(_ differences: [Double], digitsRank: Int? = nil) throws -> RankTestResult {
        let d = differences.filter { $0 != 0 }
        guard !d.isEmpty else { throw AnalysisError("Wilcoxon signed-rank: every paired difference is zero.") }
        let hadZeros = d.count != differences.count
        let (r, ties) = ranks(d.map(abs), digitsRank: digitsRank)
        let n = Double(d.count)
        let v = CompensatedSum.of(zip(r, d).filter { $0.1 > 0 }.map { $0.0 })
        if d.count < 50 && ties.isEmpty && !hadZeros {
            let p =
                v > n * (n + 1) / 4
                ? Distributions.signedRankCDF(v - 1, n: n, upper: true) : Distributions.signedRankCDF(v, n: n)
            return RankTestResult(
                test: "Wilcoxon signed rank exact test", statistic: v, df: nil, p: min(1, 2 * p), exact: true)
        }
        let tieTerm = ties.reduce(0.0) { $0 + pow(Double($1), 3) - Double($1) }
        let sigma = (n * (n + 1) * (2 * n + 1) / 24 - tieTerm / 48).squareRoot()
        var z = v - n * (n + 1) / 4
        z = (z - (z > 0 ? 0.5 : z < 0 ? -0.5 : 0)) / sigma
        let p = 2 * min(Distributions.normalCDF(z), Distributions.normalUpper(z))
        return RankTestResult(
            test: "Wilcoxon signed rank test with continuity correction", statistic: v, df: nil, p: min(1, p),
            exact: false)
    }

    /// H = 12/(N(N+1)) Σ R_g²/n_g - 3(N+1), divided by the tie correction; χ² with k-1 df.
    public static func kruskalWallis(_ groups: [[Double]]) throws -> RankTestResult {
        guard groups.count >= 2 else { throw AnalysisError("Kruskal–Wallis needs at least two groups.") }
        let all = groups.flatMap { $0 }
        let (r, ties) = ranks(all)
        let n = Double(all.count)
        var start = 0
        var sum = CompensatedSum()
        for g in groups {
            let rankSum = CompensatedSum.of(r[start..<(start + g.count)])
            sum.add(rankSum * rankSum / Double(g.count))
            start += g.count
        }
        let tieTerm = ties.reduce(0.0) { $0 + pow(Double($1), 3) - Double($1) }
        let h = (12 / (n * (n + 1)) * sum.value - 3 * (n + 1)) / (1 - tieTerm / (n * n * n - n))
        let df = Double(groups.count - 1)
        return RankTestResult(
            test: "Kruskal-Wallis rank sum test", statistic: h, df: df, p: Distributions.chiSquaredUpper(h, df: df),
            exact: false)
    }
}
