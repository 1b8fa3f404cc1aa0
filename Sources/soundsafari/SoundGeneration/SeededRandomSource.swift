// The generator's random numbers: SplitMix64 from a fixed seed, so regenerated stimuli are bit-identical.

/// SplitMix64 (Steele, Lea & Flood 2014): tiny, fast, and the same on every platform.
struct SeededRandomSource {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in [-1, 1): white noise.
    mutating func bipolar() -> Double { unit() * 2 - 1 }

    /// Uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}
