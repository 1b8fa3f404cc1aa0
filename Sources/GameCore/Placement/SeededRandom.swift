// A small seeded random number generator (SplitMix64), so the same seed gives the same session everywhere.
import Foundation

/// SplitMix64 (Steele, Lea, Flood 2014): fast, well distributed, and the same sequence on every platform,
/// unlike `SystemRandomNumberGenerator`. Seeds placement, target order, the noisy bot and the stimulus
/// synthesis (whose regenerated sounds must stay bit-identical).
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for one sub-stream (e.g. one round), independent of how much other streams drew.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = SeededRandom(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) with 53 random bits (independent of the standard library's algorithm).
    public mutating func unitDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Uniform in [-1, 1): white noise for the stimulus synthesis.
    public mutating func bipolar() -> Double { unitDouble() * 2 - 1 }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unitDouble() * (range.upperBound - range.lowerBound)
    }

    /// A standard normal deviate (Box–Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(unitDouble(), .leastNonzeroMagnitude)
        let u2 = unitDouble()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Fisher–Yates with this generator, so a seeded order is the same on every platform
    /// (the standard library's `shuffle(using:)` does not promise its algorithm).
    public mutating func shuffle<T>(_ items: inout [T]) {
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, Int(next() % UInt64(i + 1)))
        }
    }
}
