// The figures' numbers: SVGFigure.f writes exactly what String(format: "%.1f") writes, faster.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct SVGNumberTests {
    /// Ties (exact halves and their neighbours), negative numbers and zeros, and 200,000 values across the range
    /// a figure's coordinates take, each against Foundation's formatter.
    @Test func oneDecimalIsWhatPrintfWrites() {
        var values: [Double] = [
            0, -0.0, 0.05, -0.05, 0.25, 0.35, 0.45, -0.25, 2.675, 1.25, 1.35, 12.45, 640, 399.95, 0.049999999999999996,
            1e14 + 0.25, 99_999_999_999_999.95, 999_999_999_999_999.0, 1e15, 1e300, .infinity, -.infinity, .nan,
            .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, .ulpOfOne,
        ]
        for n in -2000...2000 {
            let half = (Double(n) + 0.5) / 10
            values += [half, half.nextUp, half.nextDown, Double(n) / 20]
        }
        // SplitMix64 from a fixed seed, so that a failure reproduces.
        var state: UInt64 = 0x5EED
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
        let differing = values.filter { SVGFigure.f($0) != String(format: "%.1f", $0) }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { ($0, SVGFigure.f($0), String(format: "%.1f", $0)) })")
    }
}
