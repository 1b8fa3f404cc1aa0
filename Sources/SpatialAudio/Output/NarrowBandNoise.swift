// The pitch match's noise probe: 1/3-octave Gaussian noise as a seamless loop, band-limited in the FFT domain.
import Foundation
import GameCore

/// Gaussian white noise made periodic and band-limited by zeroing every FFT bin outside the band, so the loop
/// has no energy outside it (no filter skirts) and repeats without a seam: its end continues into its start as
/// smoothly as any two neighbouring samples. Scaled to RMS 1, so a level in dBFS is the same RMS as a tone's.
public enum NarrowBandNoise {
    /// 2¹⁶ frames: 1.37 s at 48 kHz, long enough that the repetition is not heard, and FFT bins 0.73 Hz apart.
    public static let loopFrames = 1 << 16

    /// The band's edges: `centerHz` · 2^(∓ width/2).
    public static func band(centerHz: Double, octaves: Double = PitchProbe.noiseBandOctaves) -> ClosedRange<Double> {
        centerHz * pow(2, -octaves / 2)...centerHz * pow(2, octaves / 2)
    }

    /// One loop of noise in `band(centerHz:)` with RMS 1 (the seed makes it reproducible).
    public static func loop(
        centerHz: Double, sampleRate: Double, frames: Int = loopFrames, seed: UInt64 = 1
    ) -> [Float] {
        var random = SeededRandom(seed: seed)
        var real = (0..<frames).map { _ in random.gaussian() }
        var imaginary = [Double](repeating: 0, count: frames)
        FFT.transform(real: &real, imaginary: &imaginary)
        let band = band(centerHz: centerHz)
        let binHz = sampleRate / Double(frames)
        for bin in 0..<frames {
            // Bin k and its mirror N−k are the same frequency; keeping both keeps the signal real.
            let frequency = Double(min(bin, frames - bin)) * binHz
            if !band.contains(frequency) {
                real[bin] = 0
                imaginary[bin] = 0
            }
        }
        FFT.transform(real: &real, imaginary: &imaginary, inverse: true)
        let rms = (real.reduce(0) { $0 + $1 * $1 } / Double(frames)).squareRoot()
        return real.map { Float($0 / rms) }
    }
}
