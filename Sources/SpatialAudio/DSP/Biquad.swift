// A second-order IIR filter (RBJ Audio EQ Cookbook forms) used to shape the generated stimuli.
import Foundation

/// Direct form I biquad. Coefficients from Robert Bristow-Johnson's "Audio EQ Cookbook".
struct Biquad {
    private var b0 = 1.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    enum Kind { case lowPass, highPass, bandPass }

    /// `q` sets the bandwidth: 0.707 for a flat low/high-pass; higher = narrower resonance for band-pass.
    init(_ kind: Kind, frequency: Double, q: Double, sampleRate: Double) {
        let omega = 2 * Double.pi * frequency / sampleRate
        let alpha = sin(omega) / (2 * q)
        let cosine = cos(omega)
        let a0 = 1 + alpha
        switch kind {
        case .lowPass:
            b0 = (1 - cosine) / 2 / a0
            b1 = (1 - cosine) / a0
            b2 = b0
        case .highPass:
            b0 = (1 + cosine) / 2 / a0
            b1 = -(1 + cosine) / a0
            b2 = b0
        case .bandPass:
            // Constant 0 dB peak gain.
            b0 = alpha / a0
            b1 = 0
            b2 = -alpha / a0
        }
        a1 = -2 * cosine / a0
        a2 = (1 - alpha) / a0
    }

    mutating func process(_ x: Double) -> Double {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1
        x1 = x
        y2 = y1
        y1 = y
        return y
    }

    /// Filters a whole signal from a fresh state.
    static func filter(_ signal: [Double], _ kind: Kind, frequency: Double, q: Double, sampleRate: Double) -> [Double] {
        var filter = Biquad(kind, frequency: frequency, q: q, sampleRate: sampleRate)
        return signal.map { filter.process($0) }
    }
}
