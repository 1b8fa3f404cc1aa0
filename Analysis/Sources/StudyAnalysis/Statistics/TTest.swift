// t-tests as R's t.test: one-sample, Student, Welch and paired, with confidence interval, Cohen's d and Hedges' g.
import Foundation

public enum TTestKind: String, Sendable {
    case oneSample = "one-sample"
    case student, welch, paired
}

public struct TTestResult: Sendable {
    public let kind: TTestKind
    public let t: Double, df: Double, p: Double
    /// first - second (or mean - mu for one sample, mean of the differences when paired).
    public let meanDifference: Double
    public let ciLow: Double, ciHigh: Double
    public let cohenD: Double, hedgesG: Double
    /// Intervals (at `confidence`, two-sided) from the exact noncentral t, as effectsize::cohens_d / hedges_g; the
    /// Hedges' g bounds are the d bounds times J(df).
    public let cohenDCI: Interval?, hedgesGCI: Interval?
    public let confidence: Double
    public let estimates: [Double]
}

public enum TTest {
    /// Mean - mu over its standard error; d = (mean - mu) / sd (for paired data: d_z).
    /// `mu` is measured from the same reference as `g.mean` (the caller subtracts it exactly in decimal).
    public static func oneSample(
        _ g: GroupAccumulator, mu: Double, confidence: Double = 0.95, kind: TTestKind = .oneSample
    ) throws -> TTestResult {
        guard g.count >= 2 else { throw AnalysisError("A one-sample t-test needs at least 2 values (got \(g.count)).") }
        guard g.variance > 0 else {
            throw AnalysisError(
                "The values are all equal: the t statistic is undefined (data are essentially constant).")
        }
        let df = Double(g.count - 1)
        let estimate = g.absoluteMean
        let difference = g.mean - mu
        let se = g.standardError
        let t = difference / se
        let q = Distributions.tQuantile(1 - (1 - confidence) / 2, df: df)
        let d = difference / g.standardDeviation
        // t = d·√n, so the noncentrality bounds divided by √n bound d (d_z when paired).
        let scale = 1 / Double(g.count).squareRoot()
        let dCI = NoncentralBounds.tNoncentrality(t: t, df: df, confidence: confidence).map {
            Interval(low: $0.low * scale, high: $0.high * scale)
        }
        return TTestResult(
            kind: kind, t: t, df: df, p: Distributions.tTwoSided(t, df: df), meanDifference: difference,
            ciLow: (kind == .paired ? difference : estimate) - q * se,
            ciHigh: (kind == .paired ? difference : estimate) + q * se,
            cohenD: d, hedgesG: d * hedgesCorrection(df), cohenDCI: dCI,
            hedgesGCI: dCI.map { scaled($0, hedgesCorrection(df)) }, confidence: confidence, estimates: [estimate])
    }

    /// Student (pooled variance) or Welch (Satterthwaite df); d uses the pooled SD in both.
    public static func twoSample(
        _ a: GroupAccumulator, _ b: GroupAccumulator, welch: Bool, confidence: Double = 0.95
    ) throws -> TTestResult {
        guard a.count >= 2, b.count >= 2 else {
            throw AnalysisError(
                "A two-sample t-test needs at least 2 values per group (got \(a.count) and \(b.count)).")
        }
        let n1 = Double(a.count)
        let n2 = Double(b.count)
        let v1 = a.variance
        let v2 = b.variance
        let difference = a.mean - b.mean
        let pooledDF = n1 + n2 - 2
        let pooledVariance = ((n1 - 1) * v1 + (n2 - 1) * v2) / pooledDF
        guard pooledVariance > 0 else {
            throw AnalysisError(
                "Both groups are constant: the t statistic is undefined (data are essentially constant).")
        }
        let se: Double
        let df: Double
        if welch {
            let s1 = v1 / n1
            let s2 = v2 / n2
            se = (s1 + s2).squareRoot()
            df = (s1 + s2) * (s1 + s2) / (s1 * s1 / (n1 - 1) + s2 * s2 / (n2 - 1))
        } else {
            se = (pooledVariance * (1 / n1 + 1 / n2)).squareRoot()
            df = pooledDF
        }
        let t = difference / se
        let q = Distributions.tQuantile(1 - (1 - confidence) / 2, df: df)
        let d = difference / pooledVariance.squareRoot()
        // d's interval comes from the pooled t (d / √(1/n1 + 1/n2), df n1 + n2 - 2) for Student and Welch alike, as
        // effectsize's default pooled_sd = TRUE.
        let scale = (1 / n1 + 1 / n2).squareRoot()
        let dCI = NoncentralBounds.tNoncentrality(t: d / scale, df: pooledDF, confidence: confidence).map {
            scaled($0, scale)
        }
        return TTestResult(
            kind: welch ? .welch : .student, t: t, df: df, p: Distributions.tTwoSided(t, df: df),
            meanDifference: difference, ciLow: difference - q * se, ciHigh: difference + q * se,
            cohenD: d, hedgesG: d * hedgesCorrection(pooledDF), cohenDCI: dCI,
            hedgesGCI: dCI.map { scaled($0, hedgesCorrection(pooledDF)) }, confidence: confidence,
            estimates: [a.absoluteMean, b.absoluteMean])
    }

    static func scaled(_ i: Interval, _ factor: Double) -> Interval {
        Interval(low: i.low * factor, high: i.high * factor)
    }

    /// Hedges' exact small-sample correction J(df) = Γ(df/2) / (√(df/2) Γ((df-1)/2)).
    public static func hedgesCorrection(_ df: Double) -> Double {
        guard df > 1 else { return .nan }
        return exp(Distributions.logGamma(df / 2) - Distributions.logGamma((df - 1) / 2)) / (df / 2).squareRoot()
    }
}
