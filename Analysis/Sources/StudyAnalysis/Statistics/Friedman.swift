// Friedman's rank test for one within-subjects factor (stats::friedman.test) with Kendall's W as its effect size.
import Foundation

public struct FriedmanResult: Sendable {
    public let statistic: Double, df: Double, p: Double
    /// Kendall's coefficient of concordance W = χ²_F / (n (k - 1)) (effectsize::kendalls_w).
    public let kendallW: Double
    public let subjects: Int, levels: Int
}

public enum Friedman {
    /// `y[s][j]`: subject s at level j. Ranks within each subject (mid-ranks for ties, exact as R's rank());
    /// χ²_F = 12 Σ_j (R_j - n(k+1)/2)² / (n k (k+1) - Σ(t³ - t)/(k - 1)), χ² with k - 1 df, as friedman.test.
    public static func test(_ y: [[Double]]) throws -> FriedmanResult {
        let n = y.count
        guard let k = y.first?.count, k >= 2 else { throw AnalysisError("The Friedman test needs at least 2 levels.") }
        guard n >= 2 else { throw AnalysisError("The Friedman test needs at least 2 complete subjects (found \(n)).") }
        var rankSums = [Double](repeating: 0, count: k)
        var tieTerm = 0.0
        for row in y {
            let (ranks, ties) = RankTests.ranks(row)
            for j in 0..<k { rankSums[j] += ranks[j] }
            tieTerm += ties.reduce(0.0) { $0 + pow(Double($1), 3) - Double($1) }
        }
        let nn = Double(n)
        let kk = Double(k)
        let centre = nn * (kk + 1) / 2
        let statistic =
            12 * CompensatedSum.of(rankSums.map { ($0 - centre) * ($0 - centre) })
            / (nn * kk * (kk + 1) - tieTerm / (kk - 1))
        return FriedmanResult(
            statistic: statistic, df: kk - 1, p: Distributions.chiSquaredUpper(statistic, df: kk - 1),
            kendallW: statistic / (nn * (kk - 1)), subjects: n, levels: k)
    }
}
