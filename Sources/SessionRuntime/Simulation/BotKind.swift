// The simulated players `simulate --bot` offers.
import GameCore

package enum BotKind: String, CaseIterable, Sendable {
    case ideal, noisy, listener, learner

    /// A fresh bot of this kind for one session (the learner improves with `sessionIndex`); `reactionSeconds`
    /// (ideal only) times the photo from the target's audible onset.
    func makePlayer(seed: UInt64, scene: EngineAudioScene, sessionIndex: Int, reactionSeconds: Double? = nil)
        -> SimulatedPlayer
    {
        switch self {
        case .ideal: return reactionSeconds.map { OnsetReactionBot(reactionSeconds: $0) } ?? IdealBot()
        case .noisy: return NoisyBot(seed: seed)
        case .listener: return ListenerBot(scene: scene)
        case .learner: return LearnerBot(seed: seed, sessionIndex: sessionIndex)
        }
    }

    package var device: InputDevice { .bot(rawValue) }
}
