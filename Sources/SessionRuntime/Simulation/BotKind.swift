// The simulated players `simulate --bot` offers.
import GameCore

package enum BotKind: String, CaseIterable, Sendable {
    case ideal, noisy, listener

    /// A fresh bot of this kind for one session; `reactionSeconds` (ideal only) times the photo from the
    /// target's audible onset.
    func makePlayer(seed: UInt64, scene: EngineAudioScene, reactionSeconds: Double? = nil) -> SimulatedPlayer {
        switch self {
        case .ideal: return reactionSeconds.map { OnsetReactionBot(reactionSeconds: $0) } ?? IdealBot()
        case .noisy: return NoisyBot(seed: seed)
        case .listener: return ListenerBot(scene: scene)
        }
    }

    package var device: InputDevice { .bot(rawValue) }
}
