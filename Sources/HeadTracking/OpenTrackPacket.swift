// opentrack's "UDP over network" datagram: x, y, z (cm), yaw, pitch, roll (degrees) as little-endian doubles.

/// Decodes one opentrack datagram. Anything but exactly 48 bytes, or a value that is not finite (or an
/// angle outside ±360°), is malformed: the caller counts it and keeps the last good reading.
public enum OpenTrackPacket {
    public static let byteCount = 48

    public static func decode(_ bytes: [UInt8]) -> TrackerReading? {
        guard bytes.count == byteCount else { return nil }
        var values: [Double] = []
        for index in 0..<6 {
            var bits: UInt64 = 0
            for byte in 0..<8 { bits |= UInt64(bytes[index * 8 + byte]) << (8 * UInt64(byte)) }
            values.append(Double(bitPattern: bits))
        }
        guard values.allSatisfy(\.isFinite), values[3...5].allSatisfy({ abs($0) <= 360 }) else { return nil }
        return TrackerReading(
            yawDeg: values[3], pitchDeg: values[4], rollDeg: values[5],
            xCm: values[0], yCm: values[1], zCm: values[2], address: "opentrack")
    }

    /// The datagram opentrack would send for these values (tests and `make bench` send it).
    public static func encode(x: Double, y: Double, z: Double, yaw: Double, pitch: Double, roll: Double) -> [UInt8] {
        [x, y, z, yaw, pitch, roll].flatMap { value in
            (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64($0))) }
        }
    }
}
