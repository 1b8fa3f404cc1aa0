// What the game thread and the audio thread share about one source: its published state and onset, as atomics.
import COpenAL
import GameCore
import Synchronization

/// One source as the engine's audio side sees it. The game thread reads `state` and `onsetFrame` without
/// ever blocking the audio thread; the fields below them belong to whichever thread is inside `render`.
// @unchecked: the `var` fields are the audio side's, touched only by the thread inside `render` (the engine's convention).
final class SourceRecord: @unchecked Sendable {
    let id: ALuint

    /// The state the getters report, with a generation number: `generation << 8 | SoundState code`.
    /// The game thread predicts the state of each transport call (play → playing) and bumps the generation;
    /// the audio thread publishes what OpenAL really reports only for the generation it has applied, so a
    /// late report never overwrites a newer call.
    let stateWord = Atomic<UInt64>(UInt64(SourceRecord.code(.initial)))
    /// Output frame at which the most recent start first sounded; -1 = not sounded yet (or never started).
    let onset = Atomic<Int64>(-1)
    /// Output frame of the first audible sample since the most recent start (onset + the buffer's leading
    /// silence) or resume (the resume frame); -1 = not rendered yet.
    let audible = Atomic<Int64>(-1)
    /// The buffer's leading silence in frames (`SoundBuffer.firstAudibleFrame`).
    let firstAudibleFrame: Int64

    // Audio side only (inside `render`).
    /// The generation of the last transport command applied to OpenAL.
    var appliedGeneration: UInt64 = 0
    /// Started (or resumed before it ever sounded) since the last block: the next block decides the onset.
    var onsetPending = false
    /// A play was applied this block and its audible frame is still to be settled; `resuming` tells a resume
    /// (audible where it resumes) from a start (audible after the buffer's leading silence).
    var audiblePending = false
    var resuming = false
    /// OpenAL's state as last queried, so only sources that can change by themselves (playing) are queried.
    var queriedState: SoundState = .initial
    /// A transport command was applied this block: publish OpenAL's answer after the block.
    var needsPublishing = false
    /// Click-free transitions (`TransportRamp`): the gain the game asked for, and the ramp's state.
    var baseGain: Float = 1
    var ramp = TransportRamp()

    init(id: ALuint, firstAudibleFrame: Int) {
        self.id = id
        self.firstAudibleFrame = Int64(firstAudibleFrame)
    }

    /// The state the game thread sees now.
    var publishedState: SoundState {
        Self.state(code: UInt8(truncatingIfNeeded: stateWord.load(ordering: .acquiring)))
    }

    /// Game thread (under the engine's game-side lock, so game threads do not race each other): records the
    /// predicted result of a transport call and returns its generation.
    func predict(_ state: SoundState) -> UInt64 {
        let generation = (stateWord.load(ordering: .acquiring) >> 8) + 1
        stateWord.store(generation << 8 | UInt64(Self.code(state)), ordering: .releasing)
        return generation
    }

    /// Audio thread: publishes OpenAL's state unless the game thread has issued a newer transport call since.
    func publish(_ state: SoundState) {
        let current = stateWord.load(ordering: .acquiring)
        guard current >> 8 == appliedGeneration else { return }
        _ = stateWord.compareExchange(
            expected: current, desired: appliedGeneration << 8 | UInt64(Self.code(state)),
            ordering: .acquiringAndReleasing)
    }

    static func code(_ state: SoundState) -> UInt8 {
        switch state {
        case .initial: return 0
        case .playing: return 1
        case .paused: return 2
        case .stopped: return 3
        }
    }

    static func state(code: UInt8) -> SoundState {
        switch code {
        case 1: return .playing
        case 2: return .paused
        case 3: return .stopped
        default: return .initial
        }
    }

    static func state(openAL value: ALint) -> SoundState {
        switch value {
        case AL_PLAYING: return .playing
        case AL_PAUSED: return .paused
        case AL_STOPPED: return .stopped
        default: return .initial
        }
    }
}
