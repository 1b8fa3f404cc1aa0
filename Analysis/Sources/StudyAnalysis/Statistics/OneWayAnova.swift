// One-way ANOVA (Fisher, with eta² and omega²) and Welch's heteroscedastic one-way test, from group summaries.
import Foundation

public struct OneWayAnovaResult: Sendable {
    public let f: Double, p: Double
    public let dfBetween: Double, dfWithin: Double
    public let ssBetween: Double, ssWithin: Double
    public let msBetween: Double, msWithin: Double
    public let etaSquared: Double
    /// ω² as effectsize::omega_squared reports it: the estimate below, truncated at 0 (pmax(0, ...)).
    public var omegaSquared: Double { max(0, omegaSquaredEstimate) }
    /// (SS_b - df_b MS_w) / (SS_t + MS_w); negative when F < 1.
    public let omegaSquaredEstimate: Double
}

public struct WelchAnovaResult: Sendable {
    public let f: Double, dfBetween: Double, dfWithin: Double, p: Double
}

public enum OneWayAnova {
    /// Fisher's F = MS_between / MS_within; η² = SS_b / SS_t; ω² = (SS_b - df_b MS_w) / (SS_t + MS_w).
    public static func fisher(_ groups: [GroupAccumulator]) throws -> OneWayAnovaResult {
        try check(groups)
        let n = Double(groups.reduce(0) { $0 + $1.count })
        let grand = CompensatedSum.of(groups.map { Double($0.count) * $0.mean }) / n
        let ssBetween = CompensatedSum.of(groups.map { Double($0.count) * ($0.mean - grand) * ($0.mean - grand) })
        let ssWithin = CompensatedSum.of(groups.map { $0.sumOfSquaredDeviations })
        let dfB = Double(groups.count - 1)
        let dfW = n - Double(groups.count)
        let msB = ssBetween / dfB
        let msW = ssWithin / dfW
        let f = msB / msW
        let ssTotal = ssBetween + ssWithin
        return OneWayAnovaResult(
            f: f, p: Distributions.fUpper(f, df1: dfB, df2: dfW), dfBetween: dfB, dfWithin: dfW,
            ssBetween: ssBetween, ssWithin: ssWithin, msBetween: msB, msWithin: msW,
            etaSquared: ssBetween / ssTotal, omegaSquaredEstimate: (ssBetween - dfB * msW) / (ssTotal + msW))
    }

    /// Welch (1951), as R's oneway.test(var.equal = FALSE): weights n/s², F* with df (k-1, 1/(3·tmp)).
    public static func welch(_ groups: [GroupAccumulator]) throws -> WelchAnovaResult {
        try check(groups)
        guard groups.allSatisfy({ $0.count >= 2 && $0.variance > 0 }) else {
            throw AnalysisError("Welch's ANOVA needs at least 2 values and a non-zero variance in every group.")
        }
        let k = Double(groups.count)
        let w = groups.map { Double($0.count) / $0.variance }
        let sumW = CompensatedSum.of(w)
        let weightedMean = CompensatedSum.of(zip(w, groups).map { $0 * $1.mean }) / sumW
        let tmp =
            CompensatedSum.of(zip(w, groups).map { (1 - $0 / sumW) * (1 - $0 / sumW) / Double($1.count - 1) })
            / (k * k - 1)
        let numerator = CompensatedSum.of(
            zip(w, groups).map { $0 * ($1.mean - weightedMean) * ($1.mean - weightedMean) })
        let f = numerator / ((k - 1) * (1 + 2 * (k - 2) * tmp))
        let df2 = 1 / (3 * tmp)
        return WelchAnovaResult(f: f, dfBetween: k - 1, dfWithin: df2, p: Distributions.fUpper(f, df1: k - 1, df2: df2))
    }

    static func check(_ groups: [GroupAccumulator]) throws {
        guard groups.count >= 2 else {
            throw AnalysisError(
                "An ANOVA needs at least two groups; --by names a column with only \(groups.count) level(s).")
        }
        let n = groups.reduce(0) { $0 + $1.count }
        guard n > groups.count else {
            throw AnalysisError("An ANOVA needs more values than groups (\(n) values in \(groups.count) groups).")
        }
    }
}
