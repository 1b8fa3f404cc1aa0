// How targets are placed: a minimum separation within a round, or a protocol's own list of bearings.

/// The placement settings of a session (from the protocol).
public struct PlacementRule: Sendable, Equatable, Codable {
    /// Smallest allowed angle between two targets of the same round, degrees (default 60: the thesis's
    /// FR#5 problem was two targets drawn independently, sometimes almost on top of each other).
    public var minSeparationDeg: Double
    /// When set, targets take their bearings from this list, shuffled (a balanced design) instead of
    /// drawing uniformly from the circle.
    public var bearingList: [Bearing]?

    public init(minSeparationDeg: Double = 60, bearingList: [Bearing]? = nil) {
        self.minSeparationDeg = minSeparationDeg
        self.bearingList = bearingList
    }
}
