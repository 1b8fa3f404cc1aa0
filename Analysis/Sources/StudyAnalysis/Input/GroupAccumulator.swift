// Sufficient statistics of one group (n, mean, sum of squares) kept in constant memory while rows stream past.
import Foundation

/// Values read from text (`add(_: ExactDecimal)`) are summed relative to the group's own first value, the difference
/// computed exactly in decimal, so no other group's values enter this group's sums: a 1e16 in one group leaves another
/// group's mean, median, minimum and maximum as they are. After loading, `rebase(to:)` names the common reference that
/// `mean` and `values` are measured from (tests comparing groups subtract means measured from it, and rank equal
/// decimals equally); the `absolute...` statistics never depend on it. Computed values (`add(_: Double)`) are measured
/// from the `reference` given at creation.
public struct GroupAccumulator: Sendable {
    public private(set) var count = 0
    /// The group's first value as its text said (values read from text only).
    private var base: ExactDecimal?
    /// Where the summed values start from, as a number: the base, or `reference` for computed values.
    private var anchor = 0.0
    /// The base minus the common reference (computed exactly, rounded once); 0 for computed values.
    private var offset = 0.0
    private var shift = 0.0
    private var sum = CompensatedSum()
    private var sumOfSquares = CompensatedSum()
    /// Smallest and largest value as R reads them.
    public private(set) var absoluteMinimum = Double.infinity
    public private(set) var absoluteMaximum = -Double.infinity
    /// Kept only for statistics that need every value (median, ranks, Levene): computed values as given, values read
    /// from text as their decimals until `rebase(to:)` measures them from the reference, exactly.
    private var heldValues: [Double]?
    private var heldDecimals: [ExactDecimal]?
    /// The values as R reads them (the nearest doubles to the text, not shifted), kept with `values`: rank tests tie
    /// and subtract exactly as R does with these. For computed numbers they equal `values`.
    public private(set) var valuesAsRead: [Double]?
    private var sumAsRead = CompensatedSum()

    /// `reference`: the number that computed values added with `add(_: Double)` are measured from.
    public init(keepValues: Bool = false, reference: Double = 0) {
        heldValues = keepValues ? [] : nil
        valuesAsRead = keepValues ? [] : nil
        anchor = reference
    }

    public init<S: Sequence>(_ values: S, keepValues: Bool = false) where S.Element == Double {
        self.init(keepValues: keepValues)
        for v in values { add(v) }
    }

    /// A computed value, measured from the accumulator's `reference`.
    public mutating func add(_ x: Double) { add(x, asRead: x) }

    /// `x` measured from the accumulator's `reference`, `asRead` the double R reads for the same value.
    public mutating func add(_ x: Double, asRead: Double) {
        accumulate(x, asRead: asRead)
        heldValues?.append(x)
    }

    /// A value read from text: summed relative to this group's first value, the difference exact in decimal.
    public mutating func add(_ value: ExactDecimal) {
        if base == nil {
            base = value
            anchor = value.approximate
            offset = value.approximate  // measured from 0 until rebased
            if heldValues != nil {
                heldValues = nil
                heldDecimals = []
            }
        }
        accumulate(value.minus(base ?? value), asRead: value.approximate)
        heldDecimals?.append(value)
    }

    /// Measures `mean` and `values` from `reference` (values read from text only).
    public mutating func rebase(to reference: ExactDecimal) {
        guard let base else { return }
        offset = base.minus(reference)
        if let decimals = heldDecimals { heldValues = decimals.map { $0.minus(reference) } }
        heldDecimals = nil
    }

    private mutating func accumulate(_ x: Double, asRead: Double) {
        sumAsRead.add(asRead)
        valuesAsRead?.append(asRead)
        if count == 0 { shift = x }
        let d = x - shift
        sum.add(d)
        sumOfSquares.add(d * d)
        count += 1
        absoluteMinimum = min(absoluteMinimum, asRead)
        absoluteMaximum = max(absoluteMaximum, asRead)
    }

    private var ownMean: Double { count == 0 ? .nan : shift + sum.value / Double(count) }

    /// Measured from the common reference (see `rebase(to:)`).
    public var mean: Double { offset + ownMean }
    public var values: [Double]? { heldValues ?? heldDecimals.map { $0.map(\.approximate) } }

    /// The group's own mean as a number, whatever the other groups hold.
    public var absoluteMean: Double { anchor + ownMean }
    /// The median of the values as R reads them (R's median()).
    public var absoluteMedian: Double { valuesAsRead.map { Describe.median($0) } ?? .nan }

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
