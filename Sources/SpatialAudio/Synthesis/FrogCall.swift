// The frog: a tree frog's two-syllable "rib-bit", pulses of noise through formant resonators (broadband 0.7–6.5 kHz).
import Foundation
import GameCore

/// Tree frogs call in pulse trains (~100 pulses/s) whose spectrum is shaped by the vocal sac; two such
/// syllables, the second a little higher and longer, make the "rib-bit" people recognise. Noise-excited
/// pulses keep the spectrum dense from 0.7 to 6.5 kHz, which localizes far better than a tone.
struct FrogCall: StimulusRecipe {
    let name = "frog"
    let displayName = "Frog"
    let role = SoundRole.target
    let gainDB = 0.0
    let loop = true
    let seed: UInt64 = 0xF206
    let activeRMSDecibels = -24.0
    let recipeDescription =
        "two-syllable 'rib-bit' calls: noise-excited pulse trains (95-110 pulses/s) "
        + "through five formant resonators at 0.7-6.5 kHz, two calls per 1.6 s loop"

    /// Syllables: start time, duration, pulse rate at start and end, formant scale.
    private let syllables: [(start: Double, duration: Double, rate: (Double, Double), formantScale: Double)] = [
        (0.10, 0.11, (95, 98), 1.0), (0.26, 0.16, (100, 110), 1.12),
        (0.85, 0.11, (95, 98), 1.0), (1.01, 0.16, (100, 110), 1.12),
    ]
    private let formants: [(frequency: Double, q: Double, gain: Double)] = [
        (700, 4, 0.6), (1_500, 5, 1.0), (2_600, 6, 0.7), (4_200, 5, 0.45), (6_500, 3, 0.3),
    ]

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        var output = [Double](repeating: 0, count: Int(1.6 * sampleRate))
        for syllable in syllables {
            let count = Int((syllable.duration + 0.05) * sampleRate)
            var excitation = [Double](repeating: 0, count: count)
            // Pulse train with a slowly rising rate; each pulse a short decaying noise burst.
            var time = 0.0
            while time < syllable.duration {
                let progress = time / syllable.duration
                let rate = syllable.rate.0 + (syllable.rate.1 - syllable.rate.0) * progress
                let amplitude =
                    Envelope.raisedCosine(at: time, duration: syllable.duration, attack: 0.015, release: 0.03)
                    * random.uniform(0.85...1.15)
                let first = Int(time * sampleRate)
                for n in 0..<Int(0.004 * sampleRate) where first + n < count {
                    let decay = exp(-Double(n) / (0.0006 * sampleRate))
                    excitation[first + n] += amplitude * decay * (n == 0 ? 1 : random.bipolar())
                }
                time += 1 / rate * random.uniform(0.97...1.03)
            }
            var voiced = [Double](repeating: 0, count: count)
            for formant in formants {
                let filtered = Biquad.filter(
                    excitation, .bandPass, frequency: formant.frequency * syllable.formantScale,
                    q: formant.q, sampleRate: sampleRate)
                for n in 0..<count { voiced[n] += formant.gain * filtered[n] }
            }
            let offset = Int(syllable.start * sampleRate)
            for n in 0..<count where offset + n < output.count { output[offset + n] += voiced[n] }
        }
        return output
    }
}
