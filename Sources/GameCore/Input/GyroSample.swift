// One gyroscope reading as SDL reports it: angular speed about x, y, z in rad/s, counter-clockwise positive.

/// Angular velocity in radians per second about the device's x (pitch), y (yaw) and z (roll) axes,
/// positive counter-clockwise seen from the positive end of the axis (SDL_SENSOR_GYRO's convention),
/// with the monotonic time it was measured at.
public struct GyroSample: Sendable, Equatable {
    public let time: MonotonicTime
    public let x: Double
    public let y: Double
    public let z: Double

    public init(time: MonotonicTime, x: Double, y: Double, z: Double) {
        self.time = time
        self.x = x
        self.y = y
        self.z = z
    }
}
