// The safari's other ambiences (farm, forest, coast, savannah): diffuse noise beds, 16 s each with a seamless loop.
import Foundation
import GameCore

// Each is broadband noise shaped by filters and slow envelopes, without anything that sounds like a call: a
// bed must never be mistaken for an animal to find. Levelled like the pond's (−24 dBFS active RMS, catalog gain
// −10 dB), so a round with a background hears any scene's ambience at the same signal-to-noise ratio.

/// Shared steps of the ambiences.
enum Ambience {
    static let loopSeconds = 16.0
    static let fadeSeconds = 1.0

    /// `count` samples of white noise from `random`.
    static func noise(_ count: Int, _ random: inout SeededRandom) -> [Double] {
        (0..<count).map { _ in random.bipolar() }
    }

    /// Noise between `low` and `high` Hz (second-order high- then low-pass).
    static func band(_ count: Int, _ random: inout SeededRandom, low: Double, high: Double, sampleRate: Double)
        -> [Double]
    {
        Biquad.filter(
            Biquad.filter(noise(count, &random), .highPass, frequency: low, q: 0.707, sampleRate: sampleRate),
            .lowPass, frequency: high, q: 0.707, sampleRate: sampleRate)
    }

    /// A slow random envelope between 0 and 1 (noise low-passed twice at `frequency` Hz, scaled to its range).
    static func drift(_ count: Int, _ random: inout SeededRandom, frequency: Double, sampleRate: Double) -> [Double] {
        let slow = Biquad.filter(
            Biquad.filter(noise(count, &random), .lowPass, frequency: frequency, q: 0.707, sampleRate: sampleRate),
            .lowPass, frequency: frequency, q: 0.707, sampleRate: sampleRate)
        let low = slow.min() ?? 0
        let span = max(1e-12, (slow.max() ?? 1) - low)
        return slow.map { ($0 - low) / span }
    }

    /// The first `loopCount` samples with the `output[loopCount...]` tail cross-faded (equal power) into the head,
    /// so the loop has no seam.
    static func crossFadedLoop(_ output: [Double], loopCount: Int) -> [Double] {
        var output = output
        let fadeCount = output.count - loopCount
        for n in 0..<fadeCount {
            let x = Double(n) / Double(fadeCount)
            output[n] = output[n] * sin(x * Double.pi / 2) + output[loopCount + n] * cos(x * Double.pi / 2)
        }
        return Array(output.prefix(loopCount))
    }
}

/// Wind over a farmyard: low gusts, straw rustling in them.
struct FarmAmbience: StimulusRecipe {
    let name = "ambience_farm"
    let displayName = "Farmyard in the wind"
    let role = SoundRole.background
    let gainDB = -10.0
    let loop = true
    let seed: UInt64 = 0xFA53_A4B1
    let activeRMSDecibels = -24.0
    let recipeDescription =
        "16 s loop: gusting wind (noise 80-600 Hz under a 0.3 Hz random envelope) and straw rustling in the gusts "
        + "(noise 1.5-5 kHz, its level following the wind's), ends cross-faded"

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        let count = Int((Ambience.loopSeconds + Ambience.fadeSeconds) * sampleRate)
        let wind = Ambience.band(count, &random, low: 80, high: 600, sampleRate: sampleRate)
        let straw = Ambience.band(count, &random, low: 1_500, high: 5_000, sampleRate: sampleRate)
        let gust = Ambience.drift(count, &random, frequency: 0.3, sampleRate: sampleRate)
        var output = [Double](repeating: 0, count: count)
        for n in 0..<count {
            let windLevel: Double = (0.5 + 0.5 * gust[n]) * 1.5
            let strawLevel: Double = gust[n] * gust[n] * 0.6
            output[n] = windLevel * wind[n] + strawLevel * straw[n]
        }
        return Ambience.crossFadedLoop(output, loopCount: Int(Ambience.loopSeconds * sampleRate))
    }
}

/// Leaves in a breeze under a forest's canopy.
struct ForestAmbience: StimulusRecipe {
    let name = "ambience_forest"
    let displayName = "Forest in a breeze"
    let role = SoundRole.background
    let gainDB = -10.0
    let loop = true
    let seed: UInt64 = 0xF0_2E57
    let activeRMSDecibels = -24.0
    let recipeDescription =
        "16 s loop: leaves (noise 2-8 kHz, 40 % of it in rapid 8 Hz flutter) swelling with a 0.2 Hz random breeze "
        + "over a low roar of the canopy (noise 60-400 Hz), ends cross-faded"

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        let count = Int((Ambience.loopSeconds + Ambience.fadeSeconds) * sampleRate)
        let leaves = Ambience.band(count, &random, low: 2_000, high: 8_000, sampleRate: sampleRate)
        let canopy = Ambience.band(count, &random, low: 60, high: 400, sampleRate: sampleRate)
        let breeze = Ambience.drift(count, &random, frequency: 0.2, sampleRate: sampleRate)
        let flutter = Ambience.drift(count, &random, frequency: 8, sampleRate: sampleRate)
        var output = [Double](repeating: 0, count: count)
        for n in 0..<count {
            let leafLevel: Double = (0.25 + 0.75 * breeze[n]) * (0.6 + 0.4 * flutter[n]) * 0.7
            let canopyLevel: Double = 0.6 + 0.4 * breeze[n]
            output[n] = leafLevel * leaves[n] + canopyLevel * canopy[n]
        }
        return Ambience.crossFadedLoop(output, loopCount: Int(Ambience.loopSeconds * sampleRate))
    }
}

/// Waves on a beach: a surge of surf, then the hiss of the foam running back.
struct CoastAmbience: StimulusRecipe {
    let name = "ambience_coast"
    let displayName = "Surf on a beach"
    let role = SoundRole.background
    let gainDB = -10.0
    let loop = true
    let seed: UInt64 = 0xC0A5_7A1E
    let activeRMSDecibels = -24.0
    let recipeDescription =
        "16 s loop: waves every 5-7 s (noise 150-1500 Hz rising over 1.5 s and falling over 3 s), each followed by "
        + "the foam's hiss (noise 3-9 kHz decaying over 2.5 s), over a steady distant surf (noise 100-800 Hz), "
        + "ends cross-faded"

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        let count = Int((Ambience.loopSeconds + Ambience.fadeSeconds) * sampleRate)
        let surf = Ambience.band(count, &random, low: 150, high: 1_500, sampleRate: sampleRate)
        let foam = Ambience.band(count, &random, low: 3_000, high: 9_000, sampleRate: sampleRate)
        let distant = Ambience.band(count, &random, low: 100, high: 800, sampleRate: sampleRate)
        var wave = [Double](repeating: 0, count: count)
        var hiss = [Double](repeating: 0, count: count)
        var start = random.uniform(0...1.5)
        while start < Ambience.loopSeconds + Ambience.fadeSeconds {
            let size = random.uniform(0.7...1)
            let first = max(0, Int(start * sampleRate))
            let last = min(count, Int((start + 7) * sampleRate))
            for n in first..<max(first, last) {
                let t: Double = Double(n) / sampleRate - start
                let swell: Double = size * Envelope.raisedCosine(at: t, duration: 4.5, attack: 1.5, release: 3)
                wave[n] = max(wave[n], swell)
                let after: Double = t - 3.5
                if after >= 0 {
                    let fading: Double = size * exp(-3 * after / 2.5) * min(1, after / 0.3)
                    hiss[n] = max(hiss[n], fading)
                }
            }
            start += random.uniform(5...7)
        }
        var output = [Double](repeating: 0, count: count)
        for n in 0..<count {
            let surfLevel: Double = (0.15 + 0.85 * wave[n]) * 1.4
            let foamLevel: Double = 0.5 * hiss[n]
            output[n] = surfLevel * surf[n] + foamLevel * foam[n] + 0.5 * distant[n]
        }
        return Ambience.crossFadedLoop(output, loopCount: Int(Ambience.loopSeconds * sampleRate))
    }
}

/// Hot dry wind over grassland.
struct SavannahAmbience: StimulusRecipe {
    let name = "ambience_savannah"
    let displayName = "Savannah wind"
    let role = SoundRole.background
    let gainDB = -10.0
    let loop = true
    let seed: UInt64 = 0x5A7A_2A11
    let activeRMSDecibels = -24.0
    let recipeDescription =
        "16 s loop: dry wind in grass (noise 400-4000 Hz under a 0.15 Hz random envelope) over a low steady breeze "
        + "(noise 50-300 Hz), ends cross-faded"

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        let count = Int((Ambience.loopSeconds + Ambience.fadeSeconds) * sampleRate)
        let grass = Ambience.band(count, &random, low: 400, high: 4_000, sampleRate: sampleRate)
        let breeze = Ambience.band(count, &random, low: 50, high: 300, sampleRate: sampleRate)
        let swell = Ambience.drift(count, &random, frequency: 0.15, sampleRate: sampleRate)
        var output = [Double](repeating: 0, count: count)
        for n in 0..<count {
            let grassLevel: Double = 0.3 + 0.7 * swell[n]
            output[n] = grassLevel * grass[n] + 0.8 * breeze[n]
        }
        return Ambience.crossFadedLoop(output, loopCount: Int(Ambience.loopSeconds * sampleRate))
    }
}
