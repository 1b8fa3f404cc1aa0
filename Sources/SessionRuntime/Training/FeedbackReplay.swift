// Auditory feedback: the photographed animal once more, from where it really was, never louder than during the search.
import GameCore

/// Plays a photographed target's sound once (not looping) from its true bearing, through the session's own
/// scene and at the gain the target had while it was searched for (its catalog gain; the level adds none),
/// so the replay can be no louder than the session's volume (auditory feedback after each response is
/// what made localization training transfer; e.g. Steadman et al. 2019).
package final class FeedbackReplay {
    /// Seconds after the photo, so the shutter has finished before the animal sounds again.
    package static let delaySeconds = 0.6
    private let scene: AudioScene
    private var entity: CircleSoundEntity?

    init(scene: AudioScene) { self.scene = scene }

    /// Plays `trial`'s target from `trial.targetBearing` (a replay still sounding is stopped first).
    package func play(_ trial: TrialResult) throws {
        stop()
        let replay = try CircleSoundEntity(
            sound: trial.target, bearing: trial.targetBearing, looping: false, scene: scene)
        replay.play()
        entity = replay
    }

    /// The replay is still sounding (it plays once, then stops by itself).
    package var isSounding: Bool {
        guard let entity else { return false }
        return entity.state == .playing || entity.state == .initial
    }

    package func stop() {
        entity?.stop()
        entity?.remove()
        entity = nil
    }
}
