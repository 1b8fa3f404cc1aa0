// The listener bot: hears only the rendered binaural audio, turns toward the louder ear, resolves front/back by turning.
import GameCore
import SpatialAudio

/// Never reads a bearing. Every `listenSeconds` it renders that much of what its ears get (the
/// SpatialAudio engine with HRTF, through `EngineAudioScene`), measures the interaural level and time
/// differences (`InterauralMeter`), and turns toward the louder/earlier ear until both are balanced.
/// A balanced source is either ahead or behind; the bot then turns a little to the right and listens:
/// a source ahead moves to the left ear, a source behind to the right (then it turns round). So it is
/// the end-to-end check that the audio and the game agree on geometry, front/back included.
///
/// In a two-target round it attends to the target it was asked for by listening to that source alone
/// (`EngineAudioScene.render(frames:only:)`): it has no way to tell a frog from a bird by timbre.
final class ListenerBot: SimulatedPlayer {
    let scene: EngineAudioScene
    /// Length of one listening block.
    var listenSeconds = 0.25
    /// ILD (dB) below which the source counts as centred.
    var balancedILD = 0.4
    /// The probing turn that tells front from back.
    var probeDegrees = 20.0

    private enum Phase {
        case centring
        case probing(from: Bearing)
    }

    private var phase = Phase.centring
    private var nextListen = MonotonicTime.zero
    private var target: SoundSourceID?
    private var previous: (heading: Bearing, ild: Double)?
    private(set) var listens = 0

    init(scene: EngineAudioScene) {
        self.scene = scene
        super.init(device: .bot("listener"))
    }

    override func beginSearch(target: CircleSoundEntity, at time: MonotonicTime) {
        self.target = target.source
        phase = .centring
        previous = nil
        // The first block starts now; its end is when the bot has heard enough to react.
        nextListen = time + listenSeconds
    }

    override func search(at time: MonotonicTime, session: GameSession) -> Bool {
        guard time >= nextListen, let target else { return false }
        nextListen = time + listenSeconds
        guard let ild = listen(to: target) else { return false }
        switch phase {
        case .centring:
            if abs(ild) <= balancedILD {
                phase = .probing(from: heading)
                turn(by: probeDegrees)
                previous = nil
                return false
            }
            turn(by: step(for: ild))
            return false
        case let .probing(from):
            if ild < 0 {
                // Turning right put it in the left ear: it is ahead. Back to the balanced heading.
                face(from)
                return true
            }
            // It is behind: turn round and centre again.
            face(from.rotated(by: 180))
            phase = .centring
            previous = nil
            return false
        }
    }

    /// ILD of one listening block at the current heading; nil when the target was silent (a pause in its call).
    private func listen(to source: SoundSourceID) -> Double? {
        listens += 1
        scene.setListenerHeading(heading)
        let frames = Int(listenSeconds * Double(SpatialAudioEngine.sampleRate))
        let block = scene.render(frames: frames, only: source)
        let measurement = InterauralMeter.measure(interleaved: block)
        guard max(measurement.leftLevelDB, measurement.rightLevelDB) > -70 else { return nil }
        return measurement.ildDB
    }

    /// How far to turn for an ILD (positive: right ear louder, so turn right). The slope of ILD against
    /// angle is learnt from the last two listens (secant step) when it looks sane, else 2°/dB; steps
    /// are capped at 60° because ILD saturates and even reverses beyond ±90°.
    private func step(for ild: Double) -> Double {
        defer { previous = (heading, ild) }
        var degreesPerDB = 2.0
        if let previous {
            let turned = heading.relative(to: previous.heading)
            let change = previous.ild - ild
            if abs(turned) > 0.05, change / turned > 0.05 { degreesPerDB = turned / change }
        }
        return max(-60, min(60, ild * min(degreesPerDB, 8)))
    }
}
