// A heading that input code or a bot turns by degrees; the simplest HeadingSource.

/// A settable heading with recentring: `InputHandler` and the bots accumulate turns into it; the
/// `GameManager` reads it each tick. Recentring makes the current direction the new forward.
public final class PlayerHeading: HeadingSource {
    public private(set) var heading: Bearing

    public init(_ heading: Bearing = .forward) { self.heading = heading }

    /// Turns clockwise by `degrees` (negative: anticlockwise).
    public func turn(by degrees: Double) { heading = heading.rotated(by: degrees) }

    /// Faces `bearing` directly (gyro integrators report an absolute heading).
    public func face(_ bearing: Bearing) { heading = bearing }

    public func recentre() { heading = .forward }
}
