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
    /// V-test of uniformity against a concentration toward 0° (an aiming bias would move the mean away from 0).
    public let vTestP: Double
    /// 95% CI of the mean direction (degrees, may extend beyond ±180); nil when R̄ is too small for it to exist.
    public let ciLowDeg: Double?, ciHighDeg: Double?
}

public struct Proportion: Sendable {
    public let successes: Int, n: Int
    public let rate: Double, ciLow: Double, ciHigh: Double
}

public enum CircularStatistics {
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
        let half = confidenceHalfWidth(rBar: rBar, n: n).map { $0 * 180 / .pi }
        return CircularSummary(
            n: count, meanDeg: mean, resultantLength: rBar,
            circularSDDeg: (-2 * log(rBar)).squareRoot() * 180 / .pi, rayleighZ: z, rayleighP: rayleighP(z: z, n: n),
            vTestP: vTestP(meanCosine: cosineSum / n, n: n), ciLowDeg: half.map { mean - $0 },
            ciHighDeg: half.map { mean + $0 })
    }

    /// Rayleigh test p exactly as circular::rayleigh.test (0.4-95, RayleighTestRad): exp(-z) times the second-order
    /// correction 1 + (2z - z²)/(4n) - (24z - 132z² + 76z³ - 9z⁴)/(288n²) for n < 50, plain exp(-z) from n = 50,
    /// clamped to [0, 1]. (Zar's eq. 27.4 approximation differs from it in the second digit at n = 8 and n = 200.)
    static func rayleighP(z: Double, n: Double) -> Double {
        let correction =
            n < 50
            ? 1 + (2 * z - z * z) / (4 * n) - (24 * z - 132 * z * z + 76 * pow(z, 3) - 9 * pow(z, 4)) / (288 * n * n)
            : 1
        return min(max(exp(-z) * correction, 0), 1)
    }

    /// V-test toward 0° as circular::rayleigh.test(x, mu = circular(0)): z0 = √(2n)·mean cos, p = 1 - Φ(z0) + φ(z0)·
    /// ((3z0 - z0³)/(16n) + (15z0 + 305z0³ - 125z0⁵ + 9z0⁷)/(4608n²)), clamped. `1 - Φ` is written as R writes it (not
    /// the upper tail) so that small p agree with R digit for digit.
    static func vTestP(meanCosine: Double, n: Double) -> Double {
        let z0 = (2 * n).squareRoot() * meanCosine
        let series =
            (3 * z0 - pow(z0, 3)) / (16 * n)
            + (15 * z0 + 305 * pow(z0, 3) - 125 * pow(z0, 5) + 9 * pow(z0, 7)) / (4608 * n * n)
        return min(max(1 - Distributions.normalCDF(z0) + Distributions.normalDensity(z0) * series, 0), 1)
    }

    /// Half-width (radians) of the 95% CI of the mean direction, Zar (2010) eqs. 26.24–26.25 as CircStat's
    /// circ_confmean: with R = nR̄ and χ² = qchisq(0.95, 1), t = √(2n(2R² - nχ²)/(4n - χ²)) for R̄ < 0.9,
    /// t = √(n² - (n² - R²)·exp(χ²/n)) for R̄ ≥ 0.9; half-width = acos(t/R). Undefined when R̄ ≤ √(χ²/(2n)).
    static func confidenceHalfWidth(rBar: Double, n: Double) -> Double? {
        let chi = Distributions.chiSquaredQuantile(0.95, df: 1)
        let r = n * rBar
        let t: Double
        if rBar >= 0.9 {
            t = (n * n - (n * n - r * r) * exp(chi / n)).squareRoot()
        } else if rBar > (chi / (2 * n)).squareRoot() {
            t = (2 * n * (2 * r * r - n * chi) / (4 * n - chi)).squareRoot()
        } else {
            return nil
        }
        return acos(t / r)
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
