// Turns a stream of gyro samples into a heading: bias removed, sensitivity applied, one axis, recentre.

/// Integrates a controller's gyro into a heading, so a player holding it turns the game by turning
/// their body, as with the thesis's iPad. Pure: fed with samples, it returns the same heading on every
/// machine, and it is tested with synthetic streams.
public struct GyroIntegrator: Sendable {
    /// Which device axis is the player's vertical axis.
    public enum Axis: String, Sendable, CaseIterable {
        /// Controller held in front of you, face to you, upright: turning is about its y axis.
        case yaw
        /// Controller held flat, face up: turning is about its z axis.
        case roll
    }

    public var axis: Axis
    /// Game degrees per physical degree (1 = one-to-one).
    public var sensitivity: Double
    /// Flips the direction, for devices mounted upside down.
    public var inverted: Bool
    /// The rate (rad/s, per axis x, y, z) the gyro reports at rest; subtracted from every sample.
    public private(set) var bias: (x: Double, y: Double, z: Double) = (0, 0, 0)

    /// Samples further apart than this are treated as a gap (e.g. the controller slept): no integration
    /// across it, so a stale rate is not multiplied by a long time.
    public var maxSampleGapSeconds = 0.25

    /// Degrees turned clockwise since the last recentre, not wrapped.
    public private(set) var unwrappedDegrees = 0.0
    private var previous: GyroSample?

    public init(axis: Axis = .yaw, sensitivity: Double = 1, inverted: Bool = false) {
        self.axis = axis
        self.sensitivity = sensitivity
        self.inverted = inverted
    }

    /// The heading now (0 = where the player faced at the last recentre).
    public var heading: Bearing { Bearing(degrees: unwrappedDegrees) }

    /// Sets the bias from samples taken while the controller lay still (their mean per axis).
    /// Returns false, leaving the bias unchanged, when the samples show movement (see `isAtRest`).
    @discardableResult
    public mutating func calibrate(restSamples samples: [GyroSample], maxStandardDeviation: Double = 0.02) -> Bool {
        guard GyroIntegrator.isAtRest(samples, maxStandardDeviation: maxStandardDeviation) else { return false }
        let n = Double(samples.count)
        bias = (
            samples.map(\.x).reduce(0, +) / n,
            samples.map(\.y).reduce(0, +) / n,
            samples.map(\.z).reduce(0, +) / n
        )
        return true
    }

    /// True when there are at least 20 samples and none of the axes varies by more than
    /// `maxStandardDeviation` rad/s: the device lay still.
    public static func isAtRest(_ samples: [GyroSample], maxStandardDeviation: Double = 0.02) -> Bool {
        guard samples.count >= 20 else { return false }
        func deviation(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        }
        return [samples.map(\.x), samples.map(\.y), samples.map(\.z)].allSatisfy {
            deviation($0) <= maxStandardDeviation
        }
    }

    /// The clockwise turn rate of a sample in degrees per second, bias removed and sensitivity applied.
    /// SDL's rates are counter-clockwise positive, seen from the axis's positive end (up for yaw, the
    /// player's side for roll, both pointing up as the controller is held); clockwise = −rate.
    public func clockwiseDegreesPerSecond(_ sample: GyroSample) -> Double {
        let radians = axis == .yaw ? sample.y - bias.y : sample.z - bias.z
        let degrees = -radians * 180 / .pi * sensitivity
        return inverted ? -degrees : degrees
    }

    /// Adds one sample (trapezoidal rule between it and the previous one).
    public mutating func add(_ sample: GyroSample) {
        defer { previous = sample }
        guard let previous else { return }
        let dt = sample.time - previous.time
        guard dt > 0, dt <= maxSampleGapSeconds else { return }
        unwrappedDegrees += (clockwiseDegreesPerSecond(previous) + clockwiseDegreesPerSecond(sample)) / 2 * dt
    }

    /// Makes the current direction the new forward.
    public mutating func recentre() { unwrappedDegrees = 0 }
}
