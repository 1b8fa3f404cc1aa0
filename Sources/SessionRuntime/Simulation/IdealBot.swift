// The ideal bot: reads the true bearing, turns to it at a human pace, and photographs exactly.
import GameCore

/// Aims exactly at the target after 0.3 s and turns at 180°/s: zero deviation. It checks the game's
/// geometry and logging, not the audio (that is the listener bot's job).
final class IdealBot: AimingBot {
    init() { super.init(device: .bot("ideal"), degreesPerSecond: 180) }

    override func plan(for target: CircleSoundEntity) -> (aim: Bearing, reactionSeconds: Double) {
        (target.bearing, 0.3)
    }
}
