// The ideal bot with a fixed reaction time from the moment the target became audible (`simulate --reaction-s`).
import GameCore

/// Like the ideal bot it reads the true bearing and aims exactly, but its clock starts when the target's
/// first audible sample is rendered (the session's audible onset, from the engine's frame clock): it turns
/// there fast enough to arrive in half the reaction time and photographs `reactionSeconds` after the onset.
/// The shot is stamped with that moment, as a device stamps a key press that falls between two ticks, so
/// every logged `time_s` must equal `reactionSeconds`: a check of the onset chain from file to row.
final class OnsetReactionBot: SimulatedPlayer {
    let reactionSeconds: Double
    private var target: CircleSoundEntity?
    private var lastTime = MonotonicTime.zero
    private var shot: MonotonicTime?

    init(reactionSeconds: Double) {
        self.reactionSeconds = reactionSeconds
        super.init(device: .bot("ideal"))
    }

    override func beginSearch(target: CircleSoundEntity, at time: MonotonicTime) {
        self.target = target
        lastTime = time
        shot = nil
    }

    override func search(at time: MonotonicTime, session: GameSession) -> Bool {
        defer { lastTime = time }
        guard let target, let onset = session.audibleOnset() else { return false }
        let degreesPerSecond = max(180, 360 / reactionSeconds)
        let facing = turn(
            towards: target.bearing, maxDegrees: degreesPerSecond * max(0, time - max(lastTime, onset.time)))
        let due = onset.time + reactionSeconds
        guard time >= due else { return false }
        if !facing { face(target.bearing) }
        shot = due
        return true
    }

    override func shotTime(at time: MonotonicTime) -> MonotonicTime { shot ?? time }
}
