// The only places another angle convention may enter: counter-clockwise device angles and the thesis's equations.
import Foundation

extension Bearing {
    /// A device yaw in radians, counter-clockwise positive with 0 = forward (CoreMotion's yaw in the
    /// thesis, SDL's gyro sign), as a clockwise bearing: bearing = −yaw.
    public init(counterClockwiseRadians yaw: Double) {
        self.init(degrees: -yaw * 180 / .pi)
    }

    /// The thesis's equation (2.1), w(α) = (α + π/2) mod 2π, turns a counter-clockwise yaw α into a
    /// mathematical angle w (counter-clockwise from +x, forward = +y at w = π/2). This is the inverse
    /// mapping from such an angle to a bearing: bearing = 90° − w.
    public init(thesisAngleRadians w: Double) {
        self.init(degrees: 90 - w * 180 / .pi)
    }

    /// The thesis's w for this bearing (equation 2.1 applied to yaw = −bearing), in [0, 2π).
    public var thesisAngleRadians: Double {
        Bearing(degrees: 90 - degrees).degrees * .pi / 180
    }

    /// The direction as the horizontal unit vector of docs/ARCHITECTURE.md's OpenAL convention:
    /// x = sin b (right), z = −cos b (forward is −z). The thesis's (2.3)/(4.1) vectors, in one convention.
    public var horizontalUnitVector: (x: Double, z: Double) {
        let radians = degrees * .pi / 180
        return (sin(radians), -cos(radians))
    }
}
