// The engine's audio-side state: touched only by the thread inside `render`, never locked.
import GameCore
import Synchronization

/// Preallocated so that `render` does not allocate in the common case.
// @unchecked: every field is the audio side's, touched only by the thread inside `render`, never locked.
final class AudioSide: @unchecked Sendable {
    /// Commands taken from the mailbox for this block (swapped with the mailbox's array, capacity kept).
    var inbox: [EngineCommand] = []
    /// Sources the audio thread knows, for onsets and state publishing.
    var sources: [SourceRecord] = []
    /// Items to hand back to the game thread at the next successful try-lock.
    var outbox: [RetiredItem] = []
    /// Plays scheduled for a later frame than the current block's first (`SpatialSource.play(atFrame:)`).
    var scheduled: [ScheduledPlay] = []
    /// The heading OpenAL's listener has (set at start-up to forward).
    var heading = Bearing.forward
    var stage: OutputStage

    init(stage: OutputStage) {
        self.stage = stage
        inbox.reserveCapacity(256)
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

/// The game side's half: commands waiting for the next block, items to delete, and what the getters report.
struct Mailbox: Sendable {
    var commands: [EngineCommand] = []
    var retired: [RetiredItem] = []
    var masterGainDB = 0.0
    var chain: [any OutputProcessor]

    init(chain: [any OutputProcessor]) {
        self.chain = chain
        commands.reserveCapacity(256)
        retired.reserveCapacity(64)
    }
}

/// Counters the audio thread updates and any thread reads.
final class RenderCounters: Sendable {
    let framesRendered = Atomic<Int64>(0)
    let renders = Atomic<Int>(0)
    let waits = Atomic<Int>(0)
    let longestAcquireNanoseconds = Atomic<Int>(0)
    let deferredBlocks = Atomic<Int>(0)
    let contextBinds = Atomic<Int>(0)
    /// Set while a thread is inside `render`: a second renderer at the same time is a programming error.
    let rendering = Atomic<Bool>(false)
}
