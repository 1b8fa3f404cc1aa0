// The blue jay: two harsh "jay! jay!" screams, harmonic sweeps around 2 kHz roughened by fast modulation and noise.
import Foundation
import GameCore

/// A blue jay's jeer is a loud, buzzy, slightly descending scream with strong harmonics up to about 8 kHz.
/// Harmonics of a gliding fundamental, amplitude-modulated at ~130 Hz for the harshness, plus a band of
/// noise, give that character and a broadband spectrum (1.5–8 kHz).
struct BlueJayCall: StimulusRecipe {
    let name = "bluejay"
    let displayName = "Blue jay"
    let role = SoundRole.target
    let gainDB = 0.0
    let loop = true
    let seed: UInt64 = 0xB1E1A7
    let activeRMSDecibels = -24.0
    let recipeDescription =
        "two 'jay' screams per 1.3 s loop: harmonics of a 2.2-2.6-1.5 kHz glide, "
        + "130 Hz roughness modulation and a 2-7 kHz noise band"

    private let calls: [(start: Double, duration: Double)] = [(0.10, 0.28), (0.52, 0.26)]
    private let harmonicGains: [Double] = [1.0, 0.8, 0.55, 0.35, 0.2]

    /// The fundamental's glide: up a little, then down, over the call.
    private func fundamental(progress: Double) -> Double {
        progress < 0.25 ? 2_200 + 400 * (progress / 0.25) : 2_600 - 1_100 * ((progress - 0.25) / 0.75)
    }

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        let total = Int(1.3 * sampleRate)
        var output = [Double](repeating: 0, count: total)
        let noise = (0..<total).map { _ in random.bipolar() }
        let noiseBand = Biquad.filter(
            Biquad.filter(noise, .highPass, frequency: 2_000, q: 0.707, sampleRate: sampleRate),
            .lowPass, frequency: 7_000, q: 0.707, sampleRate: sampleRate)
        for call in calls {
            var phase = 0.0
            let first = Int(call.start * sampleRate)
            let roughnessPhase = random.uniform(0...(2 * Double.pi))
            for n in 0..<Int(call.duration * sampleRate) {
                let time = Double(n) / sampleRate
                let progress = time / call.duration
                let f0 = fundamental(progress: progress) * (1 + 0.01 * sin(2 * Double.pi * 23 * time))
                phase += 2 * Double.pi * f0 / sampleRate
                var voiced = 0.0
                for (index, gain) in harmonicGains.enumerated() where Double(index + 1) * f0 < 9_000 {
                    voiced += gain * sin(Double(index + 1) * phase)
                }
                let roughness = 1 + 0.6 * sin(2 * Double.pi * 130 * time + roughnessPhase)
                let envelope = Envelope.raisedCosine(at: time, duration: call.duration, attack: 0.02, release: 0.06)
                output[first + n] += envelope * (roughness * voiced * 0.5 + 0.9 * noiseBand[first + n] * roughness)
            }
        }
        return output
    }
}
