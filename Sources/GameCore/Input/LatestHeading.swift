// The latest heading as one lock-free cell: written by whatever samples the head (input), read by the audio renderer.
import Synchronization

/// The listener's heading handed from input to sound without a lock and without waiting for a game tick: a
/// writer (the input handler as it reads each event, a head tracker's receiving thread, the game tick) stores
/// every new sample, and the audio render thread loads it at the start of every block it renders, so a block
/// always uses the newest sample (docs/ARCHITECTURE.md, motion-to-sound latency). One 64-bit atomic holds the
/// degrees, so a reader never sees half a write.
public final class LatestHeading: Sendable {
    private let bits: Atomic<UInt64>

    public init(_ heading: Bearing = .forward) { bits = Atomic(heading.degrees.bitPattern) }

    /// The most recent sample.
    public func load() -> Bearing { Bearing(degrees: Double(bitPattern: bits.load(ordering: .acquiring))) }

    /// Publishes a new sample; the next rendered block uses it.
    public func store(_ heading: Bearing) { bits.store(heading.degrees.bitPattern, ordering: .releasing) }
}
