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
/// In a two-target round it attends to the target it was asked for by muting the other targets while
/// it listens (`EngineAudioScene.render(frames:muting:)`): it has no way to tell a frog from a bird by
/// timbre. The background sound stays audible (it sits at both ears and dilutes the cues).
final class ListenerBot: SimulatedPlayer {
    let scene: EngineAudioScene
    /// Length of one listening block.
    var listenSeconds = 0.5
    /// ILD (dB) below which the source counts as centred.
    var balancedILD = 0.4
    /// The probing turn that tells front from back.
    var probeDegrees = 20.0
    /// How far the loudest slice of a block must stand above the quietest for the bot to trust it heard
    /// a call (with no background, silence between calls gives any contrast it needs).
    var minimumCallContrastDB = 6.0

    private enum Phase {
        case centring
        case probing(from: Bearing)
    }

    private var phase = Phase.centring
    private var nextListen = MonotonicTime.zero
    private var target: SoundSourceID?
    private var others: [SoundSourceID] = []
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
        others = (session.level?.targets.map(\.source) ?? []).filter { $0 != target }
        guard let ild = listen() else { return false }
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
        case .probing(let from):
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

    /// ILD of one listening block at the current heading, taken over the moments the target called: the
    /// block is cut into 20 ms slices and only the slices within 6 dB of the loudest count (the calls
    /// stand out of the background). Nil when nothing stood out: the target was silent, listen again.
    private func listen() -> Double? {
        listens += 1
        scene.setListenerHeading(heading)
        let frames = Int(listenSeconds * Double(SpatialAudioEngine.sampleRate))
        let block = scene.render(frames: frames, muting: others)
        let sliceSamples = 2 * SpatialAudioEngine.sampleRate / 50
        let slices = stride(from: 0, to: block.count - sliceSamples + 1, by: sliceSamples).map { start in
            InterauralMeter.measure(interleaved: Array(block[start..<start + sliceSamples]))
        }
        let levels = slices.map { max($0.leftLevelDB, $0.rightLevelDB) }
        guard let loudest = levels.max(), let quietest = levels.min(), loudest > -70,
            loudest - quietest >= minimumCallContrastDB
        else { return nil }
        let calling = zip(slices, levels).filter { $0.1 >= loudest - 6 }.map(\.0.ildDB)
        return calling.reduce(0, +) / Double(calling.count)
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
