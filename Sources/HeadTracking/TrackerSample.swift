// A reading with the moment it arrived, and the receiver's packet counters.
import GameCore

/// One reading as received: `receivedAt` is on the same monotonic clock as the game (stamped by the
/// receiving thread the moment the datagram was read).
public struct TrackerSample: Sendable, Equatable {
    public var receivedAt: MonotonicTime
    public var reading: TrackerReading
    /// 1, 2, 3... in arrival order of the good readings.
    public var sequence: Int
}

/// What the receiver has seen since it started.
public struct TrackerCounts: Sendable, Equatable {
    /// Datagrams received (good, malformed or ignored).
    public var datagrams = 0
    /// Readings used (a bundle can carry several).
    public var readings = 0
    /// Datagrams or OSC messages that could not be decoded (wrong size, wrong types, not finite): ignored.
    public var malformed = 0
    /// Well-formed OSC messages to addresses the game does not listen to.
    public var ignored = 0
}
