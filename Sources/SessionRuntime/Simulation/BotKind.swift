// The simulated players `simulate --bot` offers.
import GameCore

package enum BotKind: String, CaseIterable, Sendable {
    case ideal, noisy, listener, learner

    /// A fresh bot of this kind for one session (the learner improves with `sessionIndex`).
    func makePlayer(seed: UInt64, scene: EngineAudioScene, sessionIndex: Int) -> SimulatedPlayer {
        switch self {
        case .ideal: return IdealBot()
        case .noisy: return NoisyBot(seed: seed)
        case .listener: return ListenerBot(scene: scene)
        case .learner: return LearnerBot(seed: seed, sessionIndex: sessionIndex)
        }
    }

    package var device: InputDevice { .bot(rawValue) }
}
