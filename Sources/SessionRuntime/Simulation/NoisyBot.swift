// The noisy bot: a seeded Gaussian aim error and reaction time, a stand-in for a human's scatter.
import GameCore

/// Human-like scatter: each target gets a reaction time (0.4 s + |N(0, 0.6)| s) and an aim error drawn
/// from N(0, `aimStandardDeviation`), both from the session seed, so the same seed gives the same rows.
/// Useful to feed the analysis tool with plausible data.
final class NoisyBot: AimingBot {
    var aimStandardDeviation = 10.0
    private var generator: SeededRandom

    init(seed: UInt64) {
        generator = SeededRandom(seed: seed, stream: 0xB07)
        super.init(device: .bot("noisy"), degreesPerSecond: 120)
    }

    override func plan(for target: CircleSoundEntity) -> (aim: Bearing, reactionSeconds: Double) {
        (target.bearing.rotated(by: generator.gaussian() * aimStandardDeviation), 0.4 + abs(generator.gaussian()) * 0.6)
    }
}
