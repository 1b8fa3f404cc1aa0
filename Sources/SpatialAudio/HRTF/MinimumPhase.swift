// Splits an impulse response into its minimum-phase filter (the magnitude) and a delay (kept separately).
import Foundation

/// Homomorphic (real-cepstrum) minimum-phase reconstruction: same magnitude response as the input, all
/// energy as early as possible. OpenAL Soft mixes an HRTF as such a filter plus a whole-sample delay per ear.
enum MinimumPhase {
    /// The minimum-phase filter with `response`'s magnitude, truncated to `length` taps (the last eighth
    /// faded out with a half cosine so the truncation adds no ripple edge).
    static func filter(_ response: [Double], length: Int) -> [Double] {
        let size = FFT.size(atLeast: max(4 * response.count, 8 * length, 1024))
        var real = response + [Double](repeating: 0, count: size - response.count)
        var imaginary = [Double](repeating: 0, count: size)
        FFT.transform(real: &real, imaginary: &imaginary)
        let magnitudes = (0..<size).map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }
        // Floor at −120 dB re the peak: log(0) is undefined and deep notches need no exact depth.
        let floor = max((magnitudes.max() ?? 0) * 1e-6, .leastNormalMagnitude)
        real = magnitudes.map { log(max($0, floor)) }
        imaginary = [Double](repeating: 0, count: size)
        FFT.transform(real: &real, imaginary: &imaginary, inverse: true)
        // Fold the (real, even) cepstrum onto positive quefrencies: the causal, minimum-phase log spectrum.
        for index in 1..<(size / 2) { real[index] *= 2 }
        for index in (size / 2 + 1)..<size { real[index] = 0 }
        imaginary = [Double](repeating: 0, count: size)
        FFT.transform(real: &real, imaginary: &imaginary)
        for index in 0..<size {
            let magnitude = exp(real[index])
            let phase = imaginary[index]
            real[index] = magnitude * cos(phase)
            imaginary[index] = magnitude * sin(phase)
        }
        FFT.transform(real: &real, imaginary: &imaginary, inverse: true)
        var taps = Array(real.prefix(length))
        let fade = max(1, length / 8)
        for index in 0..<fade {
            let position = Double(index + 1) / Double(fade + 1)
            taps[length - fade + index] *= 0.5 * (1 + cos(Double.pi * position))
        }
        return taps
    }

    /// The lag in samples (sub-sample, parabolic peak) at which `right` best matches `left` delayed:
    /// positive = the left ear hears later (the sign `InterauralMeter` uses), searched within ±`maximumLag`.
    static func interauralLag(left: [Double], right: [Double], maximumLag: Int) -> Double {
        func correlation(_ lag: Int) -> Double {
            var sum = 0.0
            let start = max(0, -lag)
            let end = min(right.count, left.count - lag)
            if start < end { for n in start..<end { sum += right[n] * left[n + lag] } }
            return sum
        }
        let values = (-maximumLag...maximumLag).map { correlation($0) }
        guard let best = values.indices.max(by: { values[$0] < values[$1] }) else { return 0 }
        var offset = 0.0
        if best > 0, best < values.count - 1 {
            let (a, b, c) = (values[best - 1], values[best], values[best + 1])
            let denominator = a - 2 * b + c
            if denominator < 0 { offset = 0.5 * (a - c) / denominator }
        }
        return Double(best - maximumLag) + offset
    }
}
