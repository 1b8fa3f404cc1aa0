// One biquad's coefficients (a₀ = 1) and its magnitude response: the building block of the tailored output filters.
import Foundation

/// The coefficients of H(z) = (b0 + b1 z⁻¹ + b2 z⁻²) / (1 + a1 z⁻¹ + a2 z⁻²). Designs (`BandStopDesign`,
/// `EarGainDesign`) produce lists of these; `FilterCascadeProcessor` runs them per ear.
public struct SecondOrderSection: Sendable, Equatable {
    public var b0: Double, b1: Double, b2: Double, a1: Double, a2: Double

    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
    }

    /// A peaking equaliser (RBJ Audio EQ Cookbook): `gainDB` at `frequency`, 0 dB far from it.
    static func peaking(frequency: Double, gainDB: Double, q: Double, sampleRate: Double) -> SecondOrderSection {
        let amplitude = pow(10, gainDB / 40)
        let omega = 2 * Double.pi * frequency / sampleRate
        let alpha = sin(omega) / (2 * q)
        let a0 = 1 + alpha / amplitude
        return SecondOrderSection(
            b0: (1 + alpha * amplitude) / a0, b1: -2 * cos(omega) / a0, b2: (1 - alpha * amplitude) / a0,
            a1: -2 * cos(omega) / a0, a2: (1 - alpha / amplitude) / a0)
    }

    /// A shelving equaliser (RBJ Audio EQ Cookbook, slope 1): `gainDB` below (`low`) or above `frequency`.
    static func shelf(low: Bool, frequency: Double, gainDB: Double, sampleRate: Double) -> SecondOrderSection {
        let a = pow(10, gainDB / 40)
        let omega = 2 * Double.pi * frequency / sampleRate
        let (c, twoRootAAlpha) = (cos(omega), 2 * a.squareRoot() * sin(omega) / 2 * 2.0.squareRoot())
        let sign = low ? 1.0 : -1.0
        let a0 = (a + 1) + sign * (a - 1) * c + twoRootAAlpha
        return SecondOrderSection(
            b0: a * ((a + 1) - sign * (a - 1) * c + twoRootAAlpha) / a0,
            b1: sign * 2 * a * ((a - 1) - sign * (a + 1) * c) / a0,
            b2: a * ((a + 1) - sign * (a - 1) * c - twoRootAAlpha) / a0,
            a1: -sign * 2 * ((a - 1) + sign * (a + 1) * c) / a0,
            a2: ((a + 1) + sign * (a - 1) * c - twoRootAAlpha) / a0)
    }

    /// |H| at `frequency`.
    func magnitude(at frequency: Double, sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        let (c1, s1, c2, s2) = (cos(omega), -sin(omega), cos(2 * omega), -sin(2 * omega))
        let numerator = (b0 + b1 * c1 + b2 * c2, b1 * s1 + b2 * s2)
        let denominator = (1 + a1 * c1 + a2 * c2, a1 * s1 + a2 * s2)
        return sqrt(
            (numerator.0 * numerator.0 + numerator.1 * numerator.1)
                / (denominator.0 * denominator.0 + denominator.1 * denominator.1))
    }
}

extension UnsafeBufferPointer where Element == SecondOrderSection {
    /// One sample through the cascade (Direct Form I, double precision): the one filtering step of the tailored
    /// output's per-ear filters and the ambient level's A-weighting. `memory` holds x1, x2, y1, y2 per section.
    @inline(__always)
    func filter(_ sample: Double, memory: UnsafeMutableBufferPointer<Double>) -> Double {
        var x = sample
        for index in 0..<count {
            let s = self[index]
            let base = 4 * index
            let y =
                s.b0 * x + s.b1 * memory[base] + s.b2 * memory[base + 1] - s.a1 * memory[base + 2] - s.a2
                * memory[base + 3]
            memory[base + 1] = memory[base]
            memory[base] = x
            memory[base + 3] = memory[base + 2]
            memory[base + 2] = y
            x = y
        }
        return x
    }
}

extension Array where Element == SecondOrderSection {
    /// The cascade's gain at `frequency` in dB.
    func responseDB(at frequency: Double, sampleRate: Double) -> Double {
        reduce(0) { $0 + 20 * log10($1.magnitude(at: frequency, sampleRate: sampleRate)) }
    }
}
