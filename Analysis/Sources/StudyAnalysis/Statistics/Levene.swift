// Levene's test (centre = mean) and the Brown–Forsythe variant (centre = median): an ANOVA on |x - centre|.
public struct LeveneResult: Sendable {
    public let center: String
    public let f: Double, dfBetween: Double, dfWithin: Double, p: Double
    /// Why F could not be computed (then f and p are NaN), or nil.
    public let reason: String?
}

public enum Levene {
    /// As car::leveneTest, whose default centre is the median (Brown–Forsythe).
    public static func test(_ groups: [[Double]], useMedian: Bool = true) throws -> LeveneResult {
        let spreads = groups.map { values -> GroupAccumulator in
            let center = useMedian ? Describe.median(values) : CompensatedSum.of(values) / Double(values.count)
            return GroupAccumulator(values.map { abs($0 - center) })
        }
        let a = try OneWayAnova.fisher(spreads)
        let center = useMedian ? "median" : "mean"
        // Every absolute deviation zero in every group: F = 0/0. Say so rather than print "F = NA" with no reason.
        if a.ssWithin == 0 && a.ssBetween == 0 {
            return LeveneResult(
                center: center, f: .nan, dfBetween: a.dfBetween, dfWithin: a.dfWithin, p: .nan,
                reason:
                    "F cannot be computed: every value equals its group's \(center), so all absolute deviations are zero and F = 0/0."
            )
        }
        if a.ssWithin == 0 {
            return LeveneResult(
                center: center, f: .nan, dfBetween: a.dfBetween, dfWithin: a.dfWithin, p: .nan,
                reason:
                    "F cannot be computed: within every group all absolute deviations from the \(center) are equal, so the error variance is zero."
            )
        }
        return LeveneResult(
            center: center, f: a.f, dfBetween: a.dfBetween, dfWithin: a.dfWithin, p: a.p, reason: nil)
    }
}
