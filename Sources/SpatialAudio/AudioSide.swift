// The engine's audio-side state: touched only by the thread inside `render`, never locked.
import GameCore
import Synchronization

/// Preallocated so that `render` does not allocate in the common case.
// @unchecked: every field is the audio side's, touched only by the thread inside `render`, never locked.
final class AudioSide: @unchecked Sendable {
    /// Commands drained from the engine's command ring for this block (and any a busy game thread kept from
    /// being applied last block, first). Reserved for two rings' worth, so draining does not allocate.
    var inbox: [EngineCommand] = []
    /// Sources the audio thread knows, for onsets and state publishing.
    var sources: [SourceRecord] = []
    /// Items to hand back to the game thread through the retired ring (what did not fit waits for the next block).
    var outbox: [RetiredItem] = []
    /// Plays scheduled for a later frame than the current block's first (`SpatialSource.play(atFrame:)`).
    var scheduled: [ScheduledPlay] = []
    /// The heading OpenAL's listener has (set at start-up to forward).
    var heading = Bearing.forward
    var stage: OutputStage

    init(stage: OutputStage) {
        self.stage = stage
        inbox.reserveCapacity(2 * SpatialAudioEngine.commandRingCapacity)
        sources.reserveCapacity(256)
        outbox.reserveCapacity(64)
        scheduled.reserveCapacity(64)
    }
}

/// A start (or, with `stop`, a fade-out to a stop) waiting for its output frame.
struct ScheduledPlay {
    let record: SourceRecord
    let generation: UInt64
    let frame: Int64
    var stop = false
}

/// The game side's half, under a `Mutex` only game threads take: commands appended by the current call (and any
/// the full command ring refused before, first), and what the getters report.
struct GameSide: Sendable {
    var commands: [EngineCommand] = []
    var masterGainDB = 0.0
    var chain: [any OutputProcessor]

    init(chain: [any OutputProcessor]) {
        self.chain = chain
        commands.reserveCapacity(64)
    }
}

/// Counters the audio thread updates and any thread reads.
final class RenderCounters: Sendable {
    let framesRendered = Atomic<Int64>(0)
    let renders = Atomic<Int>(0)
    /// `renders` when a game thread last gave up waiting for room in the command ring (`waitForRoom`).
    let rendersWhenWaitGaveUp = Atomic<Int>(-1)
    let waits = Atomic<Int>(0)
    let longestAcquireNanoseconds = Atomic<Int>(0)
    /// Blocks whose OpenAL source calls waited for the next block (a game thread was making a source).
    let deferredBlocks = Atomic<Int>(0)
    let contextBinds = Atomic<Int>(0)
    /// Set while a thread is inside `render`: a second renderer at the same time is a programming error.
    let rendering = Atomic<Bool>(false)
}
