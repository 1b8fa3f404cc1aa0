// Heading change from held rotation keys (or a stick/d-pad): a rate in degrees per second, Shift for fine turns.

/// Turning with held keys: Left/A anticlockwise, Right/D clockwise, at `degreesPerSecond`; with
/// Shift at `fineFactor` of it for the last few degrees. A stick uses the same rate scaled by deflection.
public struct KeyboardRotation: Sendable, Equatable {
    public var degreesPerSecond: Double
    public var fineFactor: Double
    /// Stick deflections below this (0...1) are noise and do not turn.
    public var stickDeadZone: Double

    public init(degreesPerSecond: Double = 90, fineFactor: Double = 0.2, stickDeadZone: Double = 0.15) {
        self.degreesPerSecond = degreesPerSecond
        self.fineFactor = fineFactor
        self.stickDeadZone = stickDeadZone
    }

    /// Clockwise degrees turned over `seconds` with the keys held: `direction` is −1 (left), 0 or +1 (right).
    public func degrees(direction: Int, fine: Bool, seconds: Double) -> Double {
        let rate = degreesPerSecond * (fine ? fineFactor : 1)
        return Double(max(-1, min(1, direction))) * rate * max(0, seconds)
    }

    /// Clockwise degrees turned over `seconds` with a stick deflected by `deflection` (−1...1, right positive);
    /// rescaled past the dead zone so the turn starts smoothly from zero.
    public func degrees(stickDeflection deflection: Double, fine: Bool, seconds: Double) -> Double {
        let magnitude = min(1, abs(deflection))
        guard magnitude > stickDeadZone else { return 0 }
        let scaled = (magnitude - stickDeadZone) / (1 - stickDeadZone)
        let rate = degreesPerSecond * (fine ? fineFactor : 1)
        return (deflection < 0 ? -1 : 1) * scaled * rate * max(0, seconds)
    }
}
