// Heading change from relative mouse motion: a sensitivity in degrees per count.

/// Turning with the mouse: relative x motion in counts times `degreesPerCount` (moving right turns clockwise).
public struct MouseRotation: Sendable, Equatable {
    public var degreesPerCount: Double

    public init(degreesPerCount: Double = 0.1) { self.degreesPerCount = degreesPerCount }

    /// Clockwise degrees for a relative motion of `counts` along x.
    public func degrees(counts: Int) -> Double { Double(counts) * degreesPerCount }
}
