// Post-hoc comparisons after a one-way ANOVA: Tukey HSD (studentized range) and pairwise t-tests with p adjustment.
import Foundation

public struct Comparison: Sendable {
    /// diff = mean(a) - mean(b), named "a-b" as R's TukeyHSD does (a is the later level).
    public let a: String, b: String
    public let diff: Double
    public let ciLow: Double, ciHigh: Double
    public let statistic: Double
    /// Degrees of freedom of the statistic (error df, or Welch's df for an unpooled pair).
    public let df: Double
    public let p: Double
    public let pAdjusted: Double
}

public enum PostHoc {
    /// Tukey–Kramer: se = √(MS_w/2 · (1/n_a + 1/n_b)), q = |diff|/se, p = P(Q > q; k, df_w).
    public static func tukey(names: [String], groups: [GroupAccumulator], confidence: Double = 0.95) throws
        -> [Comparison]
    {
        let anova = try OneWayAnova.fisher(groups)
        let k = Double(groups.count)
        let qCritical = Distributions.tukeyQuantile(confidence, groups: k, df: anova.dfWithin)
        var result: [Comparison] = []
        for j in 0..<groups.count {
            for i in (j + 1)..<groups.count {
                let diff = groups[i].mean - groups[j].mean
                let se = (anova.msWithin / 2 * (1 / Double(groups[i].count) + 1 / Double(groups[j].count))).squareRoot()
                let q = abs(diff) / se
                let p = Distributions.tukeyUpper(q, groups: k, df: anova.dfWithin)
                result.append(
                    Comparison(
                        a: names[i], b: names[j], diff: diff, ciLow: diff - qCritical * se,
                        ciHigh: diff + qCritical * se,
                        statistic: q, df: anova.dfWithin, p: p, pAdjusted: p))
            }
        }
        return result
    }

    /// R's pairwise.t.test: pooled SD (df = N - k) by default, or one Welch test per pair.
    public static func pairwiseT(
        names: [String], groups: [GroupAccumulator], pooled: Bool = true,
        adjustment: PValueAdjustment = .holm, confidence: Double = 0.95
    ) throws -> [Comparison] {
        let anova = try OneWayAnova.fisher(groups)
        var raw: [(Int, Int, Double, Double, Double, Double, Double)] = []
        for j in 0..<groups.count {
            for i in (j + 1)..<groups.count {
                if pooled {
                    let diff = groups[i].mean - groups[j].mean
                    let se = (anova.msWithin * (1 / Double(groups[i].count) + 1 / Double(groups[j].count))).squareRoot()
                    let t = diff / se
                    let q = Distributions.tQuantile(1 - (1 - confidence) / 2, df: anova.dfWithin)
                    raw.append((i, j, diff, t, Distributions.tTwoSided(t, df: anova.dfWithin), q * se, anova.dfWithin))
                } else {
                    let r = try TTest.twoSample(groups[i], groups[j], welch: true, confidence: confidence)
                    raw.append((i, j, r.meanDifference, r.t, r.p, (r.ciHigh - r.ciLow) / 2, r.df))
                }
            }
        }
        let adjusted = adjustment.adjust(raw.map { $0.4 })
        return zip(raw, adjusted).map { r, p in
            Comparison(
                a: names[r.0], b: names[r.1], diff: r.2, ciLow: r.2 - r.5, ciHigh: r.2 + r.5, statistic: r.3, df: r.6,
                p: r.4, pAdjusted: p)
        }
    }
}
