// The simulated players `simulate --bot` offers.
import GameCore

package enum BotKind: String, CaseIterable, Sendable {
    case ideal, noisy, listener

    /// A fresh bot of this kind for one session.
    func makePlayer(seed: UInt64, scene: EngineAudioScene) -> SimulatedPlayer {
        switch self {
        case .ideal: return IdealBot()
        case .noisy: return NoisyBot(seed: seed)
        case .listener: return ListenerBot(scene: scene)
        }
    }

    package var device: InputDevice { .bot(rawValue) }
}
