// Levene's test (centre = mean) and the Brown–Forsythe variant (centre = median): an ANOVA on |x - centre|.
public struct LeveneResult: Sendable {
    public let center: String
    public let f: Double, dfBetween: Double, dfWithin: Double, p: Double
}

public enum Levene {
    /// As car::leveneTest, whose default centre is the median (Brown–Forsythe).
    public static func test(_ groups: [[Double]], useMedian: Bool = true) throws -> LeveneResult {
        let spreads = groups.map { values -> GroupAccumulator in
            let center = useMedian ? Describe.median(values) : CompensatedSum.of(values) / Double(values.count)
            return GroupAccumulator(values.map { abs($0 - center) })
        }
        let a = try OneWayAnova.fisher(spreads)
        return LeveneResult(
            center: useMedian ? "median" : "mean", f: a.f, dfBetween: a.dfBetween, dfWithin: a.dfWithin, p: a.p)
    }
}
