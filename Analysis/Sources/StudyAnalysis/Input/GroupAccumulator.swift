// Sufficient statistics of one group (n, mean, sum of squares) kept in constant memory while rows stream past.
import Foundation

/// Values arrive already shifted by the column's first value (see `ExactDecimal.minus`); each group
/// shifts once more by its own first value so the sum of squares suffers no cancellation.
public struct GroupAccumulator: Sendable {
    public private(set) var count = 0
    private var shift = 0.0
    private var sum = CompensatedSum()
    private var sumOfSquares = CompensatedSum()
    public private(set) var minimum = Double.infinity
    public private(set) var maximum = -Double.infinity
    /// Kept only for statistics that need every value (median, ranks, Levene).
    public private(set) var values: [Double]?
    /// The values as R reads them (the nearest doubles to the text, not shifted), kept with `values`: rank tests tie
    /// and subtract exactly as R does with these. For computed numbers they equal `values`.
    public private(set) var valuesAsRead: [Double]?
    private var sumAsRead = CompensatedSum()

    public init(keepValues: Bool = false) {
        values = keepValues ? [] : nil
        valuesAsRead = keepValues ? [] : nil
    }

    public init<S: Sequence>(_ values: S, keepValues: Bool = false) where S.Element == Double {
        self.init(keepValues: keepValues)
        for v in values { add(v) }
    }

    public mutating func add(_ x: Double) { add(x, asRead: x) }

    /// `x` shifted by the column's first value, `asRead` the unshifted double of the same text.
    public mutating func add(_ x: Double, asRead: Double) {
        sumAsRead.add(asRead)
        valuesAsRead?.append(asRead)
        if count == 0 { shift = x }
        let d = x - shift
        sum.add(d)
        sumOfSquares.add(d * d)
        count += 1
        if x < minimum { minimum = x }
        if x > maximum { maximum = x }
        values?.append(x)
    }

    public var mean: Double { count == 0 ? .nan : shift + sum.value / Double(count) }
    /// Mean of the unshifted doubles (R's mean() of the column): exactly the value for a single row.
    public var meanAsRead: Double { count == 0 ? .nan : sumAsRead.value / Double(count) }

    /// Sum of squared deviations from the mean.
    public var sumOfSquaredDeviations: Double {
        guard count > 0 else { return .nan }
        let s = sum.value
        return max(0, sumOfSquares.value - s * s / Double(count))
    }

    public var variance: Double { count < 2 ? .nan : sumOfSquaredDeviations / Double(count - 1) }
    public var standardDeviation: Double { variance.squareRoot() }
    public var standardError: Double { standardDeviation / Double(count).squareRoot() }
}
