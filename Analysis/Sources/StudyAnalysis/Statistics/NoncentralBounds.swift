// Confidence bounds of effect sizes by inverting the noncentral F and t distributions (solved to full precision, not
// with an optimiser: R's effectsize uses optim and agrees with these bounds to about 6 digits).
import Foundation

public struct Interval: Sendable {
    public let low: Double, high: Double
}

enum NoncentralBounds {
    static let maximumNoncentrality = 1e6

    /// Two-sided 95% (by default) bounds of partial η² from F(df1, df2): the noncentralities λ with
    /// P(F' <= f; λ) = 0.975 and 0.025 (0 when even λ = 0 leaves less), converted as effectsize 0.8.3 does,
    /// η² = λ / (λ + df2) (its F = λ/df1 put into df1·F / (df1·F + df2)).
    /// nil when F·df1 is 1e6 or more (the bounds of η² are then within about 1e-6 of F·df1/(F·df1 + df2)).
    static func partialEtaSquared(f: Double, df1: Double, df2: Double, confidence: Double = 0.95) -> Interval? {
        // Past λ ≈ 1e6 r-mathlib's pnbeta stops converging (and prints so on stdout): no interval there.
        guard f.isFinite, f >= 0, f * df1 < maximumNoncentrality else { return nil }
        let tail = (1 - confidence) / 2
        func bound(_ prob: Double) -> Double? {
            let g = { (ncp: Double) in Distributions.noncentralFCDF(f, df1: df1, df2: df2, ncp: ncp) - prob }
            if 1 - Distributions.fUpper(f, df1: df1, df2: df2) <= prob { return 0 }
            var high = max(1, 2 * f * df1)
            while g(high) > 0 && high < 4 * maximumNoncentrality { high *= 2 }
            return g(high) > 0 ? nil : bisect(g, low: 0, high: high)
        }
        guard let low = bound(1 - tail), let high = bound(tail) else { return nil }
        return Interval(low: low / (low + df2), high: high / (high + df2))
    }

    /// Bounds of the noncentrality δ of a t statistic with `df` degrees of freedom: P(T' <= t; δ) = 0.975 and 0.025.
    /// nil when the bounds are not within 100 standard deviations of t.
    static func tNoncentrality(t: Double, df: Double, confidence: Double = 0.95) -> Interval? {
        guard t.isFinite, df > 0 else { return nil }
        let tail = (1 - confidence) / 2
        func bound(_ prob: Double) -> Double? {
            let g = { (ncp: Double) in Distributions.noncentralTCDF(t, df: df, ncp: ncp) - prob }
            // Walk out from t in half standard deviations of T' (about √(1 + t²/(2 df))), at most 200 of them, so no
            // end of the bracket lies far in a tail: r-mathlib's pnt prints "full precision may not have been
            // achieved" to stdout when P > 1 - 1e-10.
            let step = 0.5 * (1 + t * t / (2 * df)).squareRoot()
            var low = t
            var high = t
            var steps = 0
            while g(low) <= 0 && steps < 200 {
                low -= step
                steps += 1
            }
            steps = 0
            while g(high) >= 0 && steps < 200 {
                high += step
                steps += 1
            }
            return g(low) > 0 && g(high) < 0 ? bisect(g, low: low, high: high) : nil
        }
        guard let low = bound(1 - tail), let high = bound(tail) else { return nil }
        return Interval(low: low, high: high)
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
