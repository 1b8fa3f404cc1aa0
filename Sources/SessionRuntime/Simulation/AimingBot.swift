// Bots that know the target's bearing: after a reaction time they turn to a chosen aim at a steady rate and shoot.
import GameCore

/// Reads where the target is (a player cannot), picks an aim and a reaction time per target (`plan`),
/// then turns there at `degreesPerSecond` and shoots. The ideal and noisy bots differ only in `plan`.
class AimingBot: SimulatedPlayer {
    var degreesPerSecond: Double
    private var aim = Bearing.forward
    private var reaction = 0.0
    private var start = MonotonicTime.zero
    private var lastTime = MonotonicTime.zero

    init(device: InputDevice, degreesPerSecond: Double) {
        self.degreesPerSecond = degreesPerSecond
        super.init(device: device)
    }

    /// Where to aim at `target` and how long to wait before turning.
    func plan(for target: CircleSoundEntity) -> (aim: Bearing, reactionSeconds: Double) { (target.bearing, 0) }

    override final func beginSearch(target: CircleSoundEntity, at time: MonotonicTime) {
        (aim, reaction) = plan(for: target)
        start = time
        lastTime = time
    }

    override final func search(at time: MonotonicTime, session: GameSession) -> Bool {
        defer { lastTime = time }
        guard time - start >= reaction else { return false }
        return turn(towards: aim, maxDegrees: degreesPerSecond * max(0, time - lastTime))
    }
}
