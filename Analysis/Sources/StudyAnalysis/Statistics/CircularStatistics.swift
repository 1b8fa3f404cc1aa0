// Statistics for signed angular errors (degrees): circular mean, mean resultant length, Rayleigh test; Wilson interval.
import Foundation

public struct CircularSummary: Sendable {
    public let n: Int
    /// In (-180, 180], like deviation_deg.
    public let meanDeg: Double
    /// Mean resultant length R̄ in [0, 1]: 1 = all errors point the same way.
    public let resultantLength: Double
    public let circularSDDeg: Double
    public let rayleighZ: Double
    public let rayleighP: Double
}

public struct Proportion: Sendable {
    public let successes: Int, n: Int
    public let rate: Double, ciLow: Double, ciHigh: Double
}

public enum CircularStatistics {
    /// Rayleigh test of uniformity; p from Zar (Biostatistical Analysis, eq. 27.4), as in R's circular::rayleigh.test.
    public static func summarize(degrees: [Double]) -> CircularSummary {
        var c = CompensatedSum()
        var s = CompensatedSum()
        for d in degrees {
            let r = d * .pi / 180
            c.add(cos(r))
            s.add(sin(r))
        }
        return summarize(cosineSum: c.value, sineSum: s.value, n: degrees.count)
    }

    /// From the sums of cosines and sines, so a stream needs only three numbers per group.
    public static func summarize(cosineSum: Double, sineSum: Double, n count: Int) -> CircularSummary {
        let n = Double(count)
        let resultant = (cosineSum * cosineSum + sineSum * sineSum).squareRoot()
        let rBar = resultant / n
        var mean = atan2(sineSum, cosineSum) * 180 / .pi
        if mean <= -180 { mean += 360 }
        let z = n * rBar * rBar
        let p = min(1, max(0, exp((1 + 4 * n + 4 * (n * n - resultant * resultant)).squareRoot() - (1 + 2 * n))))
        return CircularSummary(
            n: count, meanDeg: mean, resultantLength: rBar,
            circularSDDeg: (-2 * log(rBar)).squareRoot() * 180 / .pi, rayleighZ: z, rayleighP: p)
    }

    /// Wilson score interval (Wilson 1927), as R's prop.test(correct = FALSE).
    public static func wilson(successes: Int, n: Int, confidence: Double = 0.95) -> Proportion {
        let nn = Double(n)
        let p = Double(successes) / nn
        let z = Distributions.normalQuantile(1 - (1 - confidence) / 2)
        let denominator = 1 + z * z / nn
        let center = (p + z * z / (2 * nn)) / denominator
        let half = z / denominator * (p * (1 - p) / nn + z * z / (4 * nn * nn)).squareRoot()
        // The bounds are exactly 0 at no successes and 1 at all successes; computed, they come out as
        // ±1e-18 rounding residue, which would print as a misleading non-zero bound.
        let low = successes == 0 ? 0 : max(0, center - half)
        let high = successes == n ? 1 : min(1, center + half)
        return Proportion(successes: successes, n: n, rate: p, ciLow: low, ciHigh: high)
    }
}
