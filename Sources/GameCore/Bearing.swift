// The one angle type of the code base: bearings clockwise from the session-start forward direction.

/// A direction on the circle around the player, in degrees clockwise from the player's forward
/// direction at session start: 0 = ahead, 90 = right, 180 = behind, 270 = left.
/// Always stored normalised into [0, 360).
public struct Bearing: Hashable, Sendable, Codable, CustomStringConvertible {
    public let degrees: Double

    public init(degrees: Double) {
        self.degrees = Bearing.normalised(degrees)
    }

    public static let forward = Bearing(degrees: 0)

    /// Wraps any angle into [0, 360).
    public static func normalised(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        // -1e-15 + 360 rounds to 360 in floating point: keep the half-open range.
        return d >= 360 ? 0 : d
    }

    /// Wraps any angle difference into (-180, 180].
    public static func signedDifference(_ degrees: Double) -> Double {
        let d = normalised(degrees)
        return d > 180 ? d - 360 : d
    }

    /// Where `self` lies as seen from someone facing `heading`, in (-180, 180]; positive = to the right.
    public func relative(to heading: Bearing) -> Double {
        Bearing.signedDifference(degrees - heading.degrees)
    }

    /// The signed deviation of a photo: wrap(target - aim) in (-180, 180];
    /// positive means the target was clockwise (right) of the aim.
    public static func deviation(target: Bearing, aim: Bearing) -> Double {
        target.relative(to: aim)
    }

    /// The mirror image across the interaural axis of a listener facing `heading`
    /// (front and back swapped, left and right kept): the position a front-back confusion points to.
    public func frontBackMirror(facing heading: Bearing) -> Bearing {
        let relative = self.relative(to: heading)
        return Bearing(degrees: heading.degrees + 180 - relative)
    }

    public func rotated(by degrees: Double) -> Bearing { Bearing(degrees: self.degrees + degrees) }

    /// The smallest angle between two bearings, in [0, 180].
    public func separation(from other: Bearing) -> Double { abs(relative(to: other)) }

    public var description: String { "\(degrees)°" }

    // Codable as a bare number of degrees, so JSON files read naturally.
    public init(from decoder: Decoder) throws {
        self.init(degrees: try decoder.singleValueContainer().decode(Double.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(degrees)
    }
}
