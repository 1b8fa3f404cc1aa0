// FixedDecimal writes exactly what String(format: "%.Nf") writes, for every count of decimals the project uses.
import Foundation
import Testing

@testable import TidyFormats

@Suite struct FixedDecimalTests {
    /// Ties (exact halves and their neighbours at each count of decimals), negative numbers and zeros, large and
    /// tiny ones, and 200,000 values across the range of coordinates and log cells, against Foundation's formatter.
    @Test(arguments: [0, 1, 2, 3, 6])
    func isWhatPrintfWrites(digits: Int) {
        var values: [Double] = [
            0, -0.0, 0.05, -0.05, 0.25, 0.35, 0.45, -0.25, 2.675, 1.25, 1.35, 12.45, 640, 399.95, 0.0005, -0.0005,
            0.049999999999999996, 1e11 + 0.25, 99_999_999_999_999.95, 999_999_999_999_999.0, 1e15, 1e300, .infinity,
            -.infinity, .nan, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .ulpOfOne, 9.9995, 0.9999995,
        ]
        let scale = pow(10, Double(digits))
        for n in -3000...3000 {
            let half = (Double(n) + 0.5) / scale
            values += [half, half.nextUp, half.nextDown, Double(n) / (2 * scale)]
        }
        // SplitMix64 from a fixed seed, so that a failure reproduces.
        var state: UInt64 = 0x5EED + UInt64(digits)
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for _ in 0..<200_000 {
            values.append((Double(next() >> 11) / Double(1 << 53)) * 2000 - 1000)
        }
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: next()))
        }
        let differing = values.filter { FixedDecimal.string($0, digits: digits) != String(format: "%.\(digits)f", $0) }
        #expect(
            differing.isEmpty,
            "\(differing.prefix(5).map { ($0, FixedDecimal.string($0, digits: digits), String(format: "%.\(digits)f", $0)) })"
        )
    }
}
