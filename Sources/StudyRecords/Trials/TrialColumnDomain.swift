// The values trials.csv's measured columns can hold: one rule for the game's codec, the analyzer and the server.

/// `abs_deviation_deg` is in [0, 180], `deviation_deg` in [−180, 180], bearings in [0, 360] (359.9995° and more is
/// written `360.000`), times not negative (docs/LOG-FORMAT.md). An absolute deviation of 200° or a search time of −3 s
/// cannot come from the game, and one such value would move a mean or a median without a word.
public enum TrialColumnDomain {
    /// Larger magnitudes would overflow the analyzer's sums of squares to infinity (1e100² summed over any number of
    /// rows stays far below Double's 1.8e308); no time the game measures comes near it.
    public static let largestTimeSeconds = 1e100

    public static let ranges: [String: ClosedRange<Double>] = [
        "abs_deviation_deg": 0...180, "deviation_deg": -180...180, "time_s": 0...largestTimeSeconds,
        "target_bearing_deg": 0...360, "aim_bearing_deg": 0...360,
    ]

    /// The columns with a domain, in trials.csv's order.
    public static let columns = TrialRow.columns.filter { ranges[$0] != nil }

    /// Why `value` cannot stand in `column` (said after the cell's text), or nil when it can or the column has no
    /// domain.
    public static func problem(_ column: String, _ value: Double) -> String? {
        guard let range = ranges[column], !range.contains(value) else { return nil }
        return
            "is outside \(column)'s range \(text(range.lowerBound)) to \(text(range.upperBound)) (docs/LOG-FORMAT.md)"
    }

    private static func text(_ value: Double) -> String {
        value == largestTimeSeconds ? "1e100" : String(Int(value))
    }
}
