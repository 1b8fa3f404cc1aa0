// Confidence bounds of effect sizes by inverting the noncentral F and t distributions (solved to full precision, not
// with an optimiser: R's effectsize uses optim and agrees with these bounds to about 6 digits).
import Foundation

public struct Interval: Sendable {
    public let low: Double, high: Double
}

enum NoncentralBounds {
    /// Two-sided 95% (by default) bounds of partial η² from F(df1, df2): the noncentralities λ with
    /// P(F' <= f; λ) = 0.975 and 0.025 (0 when even λ = 0 leaves less), converted as effectsize 0.8.3 does,
    /// η² = λ / (λ + df2) (its F = λ/df1 put into df1·F / (df1·F + df2)).
    static func partialEtaSquared(f: Double, df1: Double, df2: Double, confidence: Double = 0.95) -> Interval? {
        guard f.isFinite, f >= 0 else { return nil }
        let tail = (1 - confidence) / 2
        func bound(_ prob: Double) -> Double {
            let g = { (ncp: Double) in Distributions.noncentralFCDF(f, df1: df1, df2: df2, ncp: ncp) - prob }
            if 1 - Distributions.fUpper(f, df1: df1, df2: df2) <= prob { return 0 }
            var high = max(1, 2 * f * df1)
            while g(high) > 0 && high < 1e7 { high *= 2 }
            return bisect(g, low: 0, high: high)
        }
        let low = bound(1 - tail)
        let high = bound(tail)
        return Interval(low: low / (low + df2), high: high / (high + df2))
    }

    /// Bounds of the noncentrality δ of a t statistic with `df` degrees of freedom: P(T' <= t; δ) = 0.975 and 0.025.
    static func tNoncentrality(t: Double, df: Double, confidence: Double = 0.95) -> Interval? {
        guard t.isFinite, df > 0 else { return nil }
        let tail = (1 - confidence) / 2
        func bound(_ prob: Double) -> Double {
            let g = { (ncp: Double) in Distributions.noncentralTCDF(t, df: df, ncp: ncp) - prob }
            // Walk out from t in steps of 1/2 so no end of the bracket lies far in a tail: r-mathlib's pnt prints
            // "full precision may not have been achieved" to stdout when P > 1 - 1e-10.
            var low = t
            var high = t
            while g(low) <= 0 && t - low < 1e4 { low -= 0.5 }
            while g(high) >= 0 && high - t < 1e4 { high += 0.5 }
            return bisect(g, low: low, high: high)
        }
        return Interval(low: bound(1 - tail), high: bound(tail))
    }

    /// Root of a decreasing function between low (g > 0) and high (g < 0), halving until the bracket cannot shrink.
    static func bisect(_ g: (Double) -> Double, low: Double, high: Double) -> Double {
        var a = low
        var b = high
        for _ in 0..<400 {
            let mid = a + (b - a) / 2
            if mid <= a || mid >= b { break }
            if g(mid) > 0 { a = mid } else { b = mid }
        }
        return a + (b - a) / 2
    }
}
