// OSC head-tracker messages decoded with liblo: `/ypr f f f`, `/SceneRotator/ypr f f f`, `/soundsafari/heading f`.
import CLo

/// Decodes one OSC datagram (a message, or a bundle of them) with liblo's deserialiser.
///
/// - `/ypr yaw pitch roll` (degrees; the common head-tracker apps' address) and the IEM SceneRotator's
///   `/SceneRotator/ypr yaw pitch roll` are raw tracker yaw, mapped by the calibration;
/// - `/soundsafari/heading bearing` is this project's convention: degrees clockwise from forward.
/// Numbers may come as float, double or int (liblo coerces them the same way for its own servers).
public enum OSCPacket {
    /// What one datagram held: readings for the game, and how many messages were malformed or for others.
    public struct Decoded: Sendable, Equatable {
        public var readings: [TrackerReading] = []
        public var malformed = 0
        /// Well-formed messages to addresses the game does not listen to.
        public var ignored = 0
    }

    public static let addresses = ["/ypr", "/SceneRotator/ypr", "/soundsafari/heading"]

    public static func decode(_ bytes: [UInt8]) -> Decoded {
        var decoded = Decoded()
        decodeElement(bytes[...], into: &decoded, depth: 0)
        return decoded
    }

    private static let bundleTag = Array("#bundle\0".utf8)

    private static func decodeElement(_ bytes: ArraySlice<UInt8>, into decoded: inout Decoded, depth: Int) {
        if bytes.starts(with: bundleTag) {
            decodeBundle(bytes.dropFirst(16), into: &decoded, depth: depth)
        } else if let reading = decodeMessage(Array(bytes), into: &decoded) {
            decoded.readings.append(reading)
        }
    }

    /// A bundle's elements: a big-endian 32-bit size, then the element (a message or a nested bundle).
    private static func decodeBundle(_ body: ArraySlice<UInt8>, into decoded: inout Decoded, depth: Int) {
        guard depth < 8 else {
            decoded.malformed += 1
            return
        }
        var rest = body
        while !rest.isEmpty {
            guard rest.count >= 4 else {
                decoded.malformed += 1
                return
            }
            let size = rest.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            rest = rest.dropFirst(4)
            guard size > 0, size <= rest.count else {
                decoded.malformed += 1
                return
            }
            decodeElement(rest.prefix(size), into: &decoded, depth: depth + 1)
            rest = rest.dropFirst(size)
        }
    }

    private static func decodeMessage(_ bytes: [UInt8], into decoded: inout Decoded) -> TrackerReading? {
        var bytes = bytes
        let parsed: (path: String, types: [UInt8], values: [Double?])? = bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, raw.count >= 4 else { return nil }
            var result: Int32 = 0
            guard let message = lo_message_deserialise(base, raw.count, &result), result == 0 else { return nil }
            defer { lo_message_free(message) }
            guard let pathPointer = lo_get_path(base, raw.count) else { return nil }
            let path = String(cString: pathPointer)
            let count = Int(lo_message_get_argc(message))
            let types = lo_message_get_types(message).map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
            let argv = lo_message_get_argv(message)
            var values: [Double?] = []
            for index in 0..<min(count, types.count) {
                guard let argument = argv?[index] else {
                    values.append(nil)
                    continue
                }
                values.append(number(type: UInt8(bitPattern: types[index]), argument.pointee))
            }
            return (path, types.map { UInt8(bitPattern: $0) }, values)
        }
        guard let parsed else {
            decoded.malformed += 1
            return nil
        }
        let expected: Int
        switch parsed.path {
        case "/ypr", "/SceneRotator/ypr": expected = 3
        case "/soundsafari/heading": expected = 1
        default:
            decoded.ignored += 1
            return nil
        }
        let numbers = parsed.values.compactMap { $0 }
        guard parsed.values.count == expected, numbers.count == expected, numbers.allSatisfy(\.isFinite),
            numbers.allSatisfy({ abs($0) <= 360 })
        else {
            decoded.malformed += 1
            return nil
        }
        if expected == 1 {
            return TrackerReading(yawDeg: numbers[0], address: parsed.path, isProjectHeading: true)
        }
        return TrackerReading(yawDeg: numbers[0], pitchDeg: numbers[1], rollDeg: numbers[2], address: parsed.path)
    }

    /// A numeric OSC argument as a double; nil for other types (strings, blobs...).
    private static func number(type: UInt8, _ argument: lo_arg) -> Double? {
        switch type {
        case UInt8(ascii: "f"): Double(argument.f)
        case UInt8(ascii: "d"): argument.d
        case UInt8(ascii: "i"): Double(argument.i)
        case UInt8(ascii: "h"): Double(argument.h)
        default: nil
        }
    }
}
