// Watson–Williams test for equal mean directions of ≥ 2 groups, as circular::watson.williams.test (circular 0.4-95).
import Foundation

public struct WatsonWilliamsResult: Sendable {
    public let f: Double, dfEffect: Double, dfError: Double, p: Double
    /// κ of all data (A1inv of the pooled R̄); circular warns below 2 (two groups) or 1 (more).
    public let kappa: Double
    public var applicabilityNote: String? {
        let threshold = dfEffect == 1 ? 2.0 : 1.0
        return kappa < threshold
            ? "The pooled concentration κ = \(RFormat.signif(kappa, 3)) < \(Int(threshold)): the test assumes concentrated von Mises data and is probably not applicable (circular's warning)."
            : nil
    }
}

public enum WatsonWilliams {
    /// From each group's sums of cosines and sines: R_i = |Σ e^{iθ}|, R = the pooled resultant, κ = A1inv(R/N);
    /// F = (1 + 3/(8κ)) (N - k)(Σ R_i - R) / ((k - 1)(N - Σ R_i)) on (k - 1, N - k) df.
    public static func test(_ groups: [(cosineSum: Double, sineSum: Double, n: Int)]) throws -> WatsonWilliamsResult {
        guard groups.count >= 2 else { throw AnalysisError("The Watson-Williams test needs at least two groups.") }
        let n = Double(groups.reduce(0) { $0 + $1.n })
        let k = Double(groups.count)
        guard n > k else { throw AnalysisError("The Watson-Williams test needs more angles than groups.") }
        let sumR = CompensatedSum.of(
            groups.map { ($0.cosineSum * $0.cosineSum + $0.sineSum * $0.sineSum).squareRoot() })
        let c = CompensatedSum.of(groups.map(\.cosineSum))
        let s = CompensatedSum.of(groups.map(\.sineSum))
        let r = (c * c + s * s).squareRoot()
        let kappa = a1inv(r / n)
        let f = (1 + 3 / (8 * kappa)) * (n - k) * (sumR - r) / ((k - 1) * (n - sumR))
        return WatsonWilliamsResult(
            f: f, dfEffect: k - 1, dfError: n - k, p: Distributions.fUpper(f, df1: k - 1, df2: n - k), kappa: kappa)
    }

    /// circular's A1inv: the κ whose mean resultant length is x (Best & Fisher's piecewise approximation).
    static func a1inv(_ x: Double) -> Double {
        if x >= 0 && x < 0.53 { return 2 * x + pow(x, 3) + 5 * pow(x, 5) / 6 }
        if x < 0.85 { return -0.4 + 1.39 * x + 0.43 / (1 - x) }
        return 1 / (pow(x, 3) - 4 * x * x + 3 * x)
    }
}
