// The camera shutter heard when a photo is taken: two sharp mechanical clicks and a soft mirror thump.
import Foundation
import GameCore

/// A user-interface effect, played unpositioned (straight ahead) when the player takes a photo.
struct ShutterClick: StimulusRecipe {
    let name = "shutter"
    let displayName = "Camera shutter"
    let role = SoundRole.effect
    let gainDB = 0.0
    let loop = false
    let seed: UInt64 = 0x5407
    let activeRMSDecibels = -22.0
    let recipeDescription = "two decaying noise clicks resonating at 3.2 and 7 kHz, 80 ms apart, over a 180 Hz thump"

    func synthesise(sampleRate: Double) -> [Double] {
        var random = SeededRandom(seed: seed)
        let count = Int(0.3 * sampleRate)
        var clicks = [Double](repeating: 0, count: count)
        var thump = [Double](repeating: 0, count: count)
        for (start, level) in [(0.01, 1.0), (0.09, 0.7)] {
            let first = Int(start * sampleRate)
            for n in 0..<(count - first) {
                let time = Double(n) / sampleRate
                clicks[first + n] += level * exp(-time / 0.004) * random.bipolar()
                thump[first + n] += level * 0.3 * exp(-time / 0.015) * sin(2 * Double.pi * 180 * time)
            }
        }
        let low = Biquad.filter(clicks, .bandPass, frequency: 3_200, q: 2, sampleRate: sampleRate)
        let high = Biquad.filter(clicks, .bandPass, frequency: 7_000, q: 2, sampleRate: sampleRate)
        return (0..<count).map { low[$0] + 0.6 * high[$0] + thump[$0] }
    }
}
