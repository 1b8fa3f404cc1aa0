// A head tracker's raw yaw → the game's bearing: which raw yaw is forward, and whether yaw grows turning right.

/// Maps a head tracker's own yaw (any zero, either sign) onto a `Bearing`. Set by the calibration step
/// (face forward: that raw yaw is bearing 0; turn right: the direction of the change is the sign) or by
/// `--tracker-yaw-sign`. Recentring moves only the forward direction.
public struct TrackerCalibration: Sendable, Equatable {
    /// The raw yaw, in the tracker's degrees, that is bearing 0.
    public var forwardRawYawDeg: Double
    /// +1 when the tracker's yaw grows as the head turns right (clockwise), −1 when it shrinks.
    public var yawSign: Int

    public init(forwardRawYawDeg: Double, yawSign: Int) {
        self.forwardRawYawDeg = forwardRawYawDeg
        self.yawSign = yawSign < 0 ? -1 : 1
    }

    /// The smallest turn the "turn right" step accepts: a head held still jitters by a degree or two,
    /// a deliberate turn to the right is far more than this.
    public static let minimumTurnDeg = 30.0

    /// The bearing a raw yaw means: wrap(sign × (raw − forward)).
    public func heading(rawYawDeg: Double) -> Bearing {
        Bearing(degrees: Double(yawSign) * Bearing.signedDifference(rawYawDeg - forwardRawYawDeg))
    }

    /// The sign found by the "turn right" step, or nil while the head has turned less than `minimumTurnDeg`
    /// from forward (either way).
    public static func yawSign(forwardRawYawDeg: Double, turnedRawYawDeg: Double) -> Int? {
        let change = Bearing.signedDifference(turnedRawYawDeg - forwardRawYawDeg)
        guard abs(change) >= minimumTurnDeg else { return nil }
        return change > 0 ? 1 : -1
    }
}
