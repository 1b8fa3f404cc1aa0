// A change the game thread hands to the audio thread, applied to OpenAL at the start of the next block.
import COpenAL
import GameCore

/// One queued change. The audio thread applies the queue in order before mixing a block, so a change
/// lands between two blocks, never half-way through one.
enum EngineCommand: Sendable {
    case masterGain(Float)
    case outputStage(OutputStage)
    case addSource(SourceRecord)
    case position(SourceRecord, x: Float, z: Float)
    case gain(SourceRecord, Float)
    case looping(SourceRecord, Bool)
    /// `at`: the output frame to start at (a scheduled start splits the block there); nil = the next block.
    case play(SourceRecord, generation: UInt64, at: Int64?)
    case pause(SourceRecord, generation: UInt64)
    case stop(SourceRecord, generation: UInt64)
    /// A fade-out to a stop that begins exactly at output frame `at` (a stimulus of limited duration); any
    /// later transport call cancels it.
    case stopAt(SourceRecord, at: Int64)
    case deleteSource(SourceRecord)
    /// The buffer's last source is gone; queued after that source's deletion, and handed back to the game
    /// thread for `alDeleteBuffers` (OpenAL's buffer lock is held by uploads, so the audio thread never takes it).
    case retireBuffer(ALuint)
}

/// What the audio thread hands back to the game thread to release or delete there (`object`: what the audio
/// thread must not release, as that may free memory). Not Sendable: it is moved, `sending`, through `SPSCRing`.
enum RetiredItem {
    case buffer(ALuint)
    case object(AnyObject)
}
