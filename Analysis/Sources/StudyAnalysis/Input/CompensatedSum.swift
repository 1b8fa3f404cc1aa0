// Neumaier (improved Kahan) summation: sums whose error does not grow with the number of terms.
public struct CompensatedSum: Sendable {
    public private(set) var sum = 0.0
    private var compensation = 0.0

    public init() {}

    public mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) { compensation += (sum - t) + x } else { compensation += (x - t) + sum }
        sum = t
    }

    public var value: Double { sum + compensation }

    public static func of<S: Sequence>(_ values: S) -> Double where S.Element == Double {
        var s = CompensatedSum()
        for v in values { s.add(v) }
        return s.value
    }
}
