// Post-hoc tests for repeated-measures and mixed designs on per-subject cell means: paired t-tests between the levels
// of a within factor (pairwise.t.test(paired = TRUE)), and the groups of a between factor compared at each within level
// (pairwise.t.test with the pooled SD of that level's groups), each pair with its Cohen's d.
import Foundation

public struct RepeatedComparison: Sendable {
    /// diff = mean(a) - mean(b); a is the later level, as in PostHoc.
    public let a: String, b: String
    /// The within level at which groups are compared, or nil for comparisons of within levels.
    public let at: String?
    public let diff: Double, t: Double, df: Double, p: Double, pAdjusted: Double
    /// d_z (mean difference / SD of the differences) for paired pairs; the two groups' pooled SD for group pairs.
    public let cohenD: Double
}

public enum RepeatedPostHoc {
    /// `y[s][j]`: subject s at level j. All pairs j < i, adjusted together.
    public static func paired(levels: [String], y: [[Double]], adjustment: PValueAdjustment) throws
        -> [RepeatedComparison]
    {
        var raw: [(Int, Int, TTestResult)] = []
        for j in 0..<levels.count {
            for i in (j + 1)..<levels.count {
                let differences = GroupAccumulator(y.map { $0[i] - $0[j] })
                raw.append((i, j, try TTest.oneSample(differences, mu: 0, kind: .paired)))
            }
        }
        let adjusted = adjustment.adjust(raw.map { $0.2.p })
        return zip(raw, adjusted).map { r, p in
            RepeatedComparison(
                a: levels[r.0], b: levels[r.1], at: nil, diff: r.2.meanDifference, t: r.2.t, df: r.2.df, p: r.2.p,
                pAdjusted: p, cohenD: r.2.cohenD)
        }
    }

    /// At each within level, the groups' subject means compared pairwise with the pooled SD of all groups at that
    /// level (df N - k) and the p-values adjusted within the level, as one pairwise.t.test call per level.
    public static func groupsAtLevels(
        levels: [String], groupNames: [String], y: [[Double]], groups: [Int], adjustment: PValueAdjustment
    ) throws -> [RepeatedComparison] {
        var out: [RepeatedComparison] = []
        for (j, level) in levels.enumerated() {
            let accumulators = groupNames.indices.map { g in
                GroupAccumulator(zip(y, groups).filter { $0.1 == g }.map { $0.0[j] })
            }
            let comparisons = try PostHoc.pairwiseT(
                names: groupNames, groups: accumulators, pooled: true, adjustment: adjustment)
            for c in comparisons {
                guard let ia = groupNames.firstIndex(of: c.a), let ib = groupNames.firstIndex(of: c.b) else { continue }
                let (ga, gb) = (accumulators[ia], accumulators[ib])
                let pooled =
                    (ga.sumOfSquaredDeviations + gb.sumOfSquaredDeviations) / Double(ga.count + gb.count - 2)
                out.append(
                    RepeatedComparison(
                        a: c.a, b: c.b, at: level, diff: c.diff, t: c.statistic, df: c.df, p: c.p,
                        pAdjusted: c.pAdjusted, cohenD: c.diff / pooled.squareRoot()))
            }
        }
        return out
    }
}
