// An in-place radix-2 complex FFT: the minimum-phase split of imported HRTFs and the spectral tests need one.
import Foundation

/// Iterative Cooley–Tukey FFT on separate real and imaginary arrays whose length is a power of two.
/// Small and exact enough for impulse responses of a few thousand samples; not meant for streaming.
enum FFT {
    /// Transforms in place; `inverse` uses the conjugate twiddles and divides by the length.
    static func transform(real: inout [Double], imaginary: inout [Double], inverse: Bool = false) {
        let count = real.count
        precondition(count == imaginary.count && count > 0 && count & (count - 1) == 0, "FFT length must be 2^k")
        var j = 0
        for i in 1..<count {
            var bit = count >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                real.swapAt(i, j)
                imaginary.swapAt(i, j)
            }
        }
        var length = 2
        let sign = inverse ? 1.0 : -1.0
        while length <= count {
            let angle = sign * 2 * Double.pi / Double(length)
            let stepReal = cos(angle)
            let stepImaginary = sin(angle)
            var start = 0
            while start < count {
                var wReal = 1.0
                var wImaginary = 0.0
                for k in 0..<(length / 2) {
                    let a = start + k
                    let b = a + length / 2
                    let tReal = real[b] * wReal - imaginary[b] * wImaginary
                    let tImaginary = real[b] * wImaginary + imaginary[b] * wReal
                    real[b] = real[a] - tReal
                    imaginary[b] = imaginary[a] - tImaginary
                    real[a] += tReal
                    imaginary[a] += tImaginary
                    let next = wReal * stepReal - wImaginary * stepImaginary
                    wImaginary = wReal * stepImaginary + wImaginary * stepReal
                    wReal = next
                }
                start += length
            }
            length <<= 1
        }
        if inverse {
            let scale = 1 / Double(count)
            for i in 0..<count {
                real[i] *= scale
                imaginary[i] *= scale
            }
        }
    }

    /// The smallest power of two ≥ `count`.
    static func size(atLeast count: Int) -> Int {
        var size = 1
        while size < count { size <<= 1 }
        return size
    }
}
