// The background: a pond at dusk (wind in leaves, a trickling stream, distant crickets), 24 s with a seamless loop.
import Foundation
import GameCore

/// Diffuse, slowly changing ambience to mask and distract, as in the thesis's background condition.
/// The last second is cross-faded into the first so the loop has no seam.
struct PondAmbience: StimulusRecipe {
    let name = "ambience"
    let displayName = "Pond at dusk"
    let role = SoundRole.background
    let gainDB = -10.0
    let loop = true
    let seed: UInt64 = 0xA3B1_E7CE
    let activeRMSDecibels = -24.0
    let recipeDescription =
        "24 s loop: slowly swelling filtered noise (wind, 150-1200 Hz), a bubbling "
        + "2.5 kHz noise band (stream) and 4.6 kHz cricket chirps, ends cross-faded"

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        let loopSeconds = 24.0
        let fadeSeconds = 1.0
        let count = Int((loopSeconds + fadeSeconds) * sampleRate)
        let white = (0..<count).map { _ in random.bipolar() }
        let wind = Biquad.filter(
            Biquad.filter(white, .lowPass, frequency: 1_200, q: 0.707, sampleRate: sampleRate),
            .highPass, frequency: 150, q: 0.707, sampleRate: sampleRate)
        let white2 = (0..<count).map { _ in random.bipolar() }
        let stream = Biquad.filter(white2, .bandPass, frequency: 2_500, q: 0.7, sampleRate: sampleRate)
        // Bubbling: the stream's level follows low-passed noise (~15 Hz wobble).
        let wobbleNoise = (0..<count).map { _ in random.bipolar() }
        let wobble = Biquad.filter(
            Biquad.filter(wobbleNoise, .lowPass, frequency: 15, q: 0.707, sampleRate: sampleRate),
            .lowPass, frequency: 15, q: 0.707, sampleRate: sampleRate)
        let wobbleScale = 1 / max(1e-9, wobble.map(abs).max() ?? 1)

        var output = [Double](repeating: 0, count: count)
        for n in 0..<count {
            let t = Double(n) / sampleRate
            let swell =
                0.7 + 0.15 * sin(2 * Double.pi * 0.07 * t) + 0.1 * sin(2 * Double.pi * 0.13 * t + 1)
                + 0.05 * sin(2 * Double.pi * 0.031 * t + 2)
            output[n] = 1.6 * swell * wind[n] + 0.5 * (0.6 + 0.4 * wobble[n] * wobbleScale) * stream[n]
        }
        // Crickets: chirps of three 15 ms pulses, every 0.6-0.9 s.
        var chirpStart = random.uniform(0.1...0.5)
        while chirpStart < loopSeconds + fadeSeconds - 0.2 {
            let amplitude = random.uniform(0.08...0.14)
            for pulse in 0..<3 {
                let first = Int((chirpStart + Double(pulse) * 0.03) * sampleRate)
                let length = Int(0.015 * sampleRate)
                for n in 0..<length where first + n < count {
                    let time = Double(n) / sampleRate
                    output[first + n] +=
                        amplitude * Envelope.raisedCosine(at: time, duration: 0.015, attack: 0.003, release: 0.005)
                        * sin(2 * Double.pi * 4_600 * time)
                }
            }
            chirpStart += random.uniform(0.6...0.9)
        }
        return Ambience.crossFadedLoop(output, loopCount: Int(loopSeconds * sampleRate))
    }
}
