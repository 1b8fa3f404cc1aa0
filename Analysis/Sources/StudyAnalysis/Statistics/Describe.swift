// `describe`: per group n, mean, sd, se, median, min, max and a t-based 95% confidence interval of the mean.
import Foundation

public struct GroupSummary: Sendable {
    public let name: String
    public let n: Int
    public let mean: Double
    public let sd: Double
    public let se: Double
    public let median: Double
    public let min: Double
    public let max: Double
    public let ciLow: Double
    public let ciHigh: Double
}

public enum Describe {
    /// The group's own statistics (`absolute...`): no other group's values enter them.
    public static func summarize(name: String, _ g: GroupAccumulator, confidence: Double = 0.95) -> GroupSummary {
        let mean = g.absoluteMean
        let se = g.standardError
        let q = g.count > 1 ? Distributions.tQuantile(1 - (1 - confidence) / 2, df: Double(g.count - 1)) : .nan
        return GroupSummary(
            name: name, n: g.count, mean: mean, sd: g.standardDeviation, se: se,
            median: g.absoluteMedian, min: g.absoluteMinimum, max: g.absoluteMaximum,
            ciLow: mean - q * se, ciHigh: mean + q * se)
    }

    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let s = values.sorted()
        let m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }
}
