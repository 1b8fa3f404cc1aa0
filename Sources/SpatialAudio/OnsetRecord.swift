// Book-keeping for one source's onset, shared between the source and the engine's render loop.
import COpenAL

/// Guarded by the owning engine's lock: the render path writes `frame`, the game thread reads it.
final class OnsetRecord: @unchecked Sendable {
    let sourceID: ALuint
    /// First output frame in which the source's most recent start was mixed; nil until it sounded.
    var frame: Int64?
    /// True between a start and the next rendered block.
    var isPending = false

    init(sourceID: ALuint) { self.sourceID = sourceID }
}
