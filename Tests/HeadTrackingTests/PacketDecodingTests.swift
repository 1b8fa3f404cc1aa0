// opentrack datagrams and OSC messages (through liblo) decode to readings; anything else is counted, never used.
import Foundation
import Testing

@testable import HeadTracking

/// An OSC message as a tracker app sends it: address and type tags padded to 4 bytes, big-endian numbers.
func oscMessage(_ address: String, _ arguments: [Float], types: String? = nil) -> [UInt8] {
    func padded(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8) + [0]
        while bytes.count % 4 != 0 { bytes.append(0) }
        return bytes
    }
    let tags = types ?? String(repeating: "f", count: arguments.count)
    return padded(address) + padded("," + tags)
        + arguments.flatMap { value in withUnsafeBytes(of: value.bitPattern.bigEndian) { Array($0) } }
}

/// An OSC bundle holding `messages`.
func oscBundle(_ messages: [[UInt8]]) -> [UInt8] {
    Array("#bundle\0".utf8) + [0, 0, 0, 0, 0, 0, 0, 1]
        + messages.flatMap { message in withUnsafeBytes(of: UInt32(message.count).bigEndian) { Array($0) } + message }
}

@Suite struct OpenTrackPacketTests {
    @Test func aFortyEightByteDatagramIsPositionThenYawPitchRoll() {
        let bytes = OpenTrackPacket.encode(x: 1, y: -2, z: 3.5, yaw: -37.25, pitch: 10, roll: -5)
        #expect(bytes.count == 48)
        #expect(
            OpenTrackPacket.decode(bytes)
                == TrackerReading(
                    yawDeg: -37.25, pitchDeg: 10, rollDeg: -5, xCm: 1, yCm: -2, zCm: 3.5, address: "opentrack"))
    }

    @Test func theDoublesAreLittleEndian() {
        var bytes = [UInt8](repeating: 0, count: 48)
        // 90.0 = 0x4056800000000000, least significant byte first, at the yaw's offset 24.
        bytes[24 + 5] = 0x80
        bytes[24 + 6] = 0x56
        bytes[24 + 7] = 0x40
        #expect(OpenTrackPacket.decode(bytes)?.yawDeg == 90)
    }

    @Test func aShortALongOrANonFiniteDatagramIsMalformed() {
        let good = OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: 1, pitch: 2, roll: 3)
        #expect(OpenTrackPacket.decode(Array(good.prefix(47))) == nil)
        #expect(OpenTrackPacket.decode(good + [0]) == nil)
        #expect(OpenTrackPacket.decode(OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: .nan, pitch: 0, roll: 0)) == nil)
        #expect(OpenTrackPacket.decode(OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: 1e9, pitch: 0, roll: 0)) == nil)
    }
}

@Suite struct OSCPacketTests {
    @Test func yprAndTheSceneRotatorsYprAreRawYawPitchRoll() {
        let ypr = OSCPacket.decode(oscMessage("/ypr", [30, 1, 2]))
        #expect(ypr.readings == [TrackerReading(yawDeg: 30, pitchDeg: 1, rollDeg: 2, address: "/ypr")])
        let rotator = OSCPacket.decode(oscMessage("/SceneRotator/ypr", [-45.5, 0, 0]))
        #expect(rotator.readings.first?.yawDeg == -45.5)
        #expect(rotator.readings.first?.address == "/SceneRotator/ypr")
    }

    @Test func theProjectsHeadingAddressIsMarkedAsABearing() {
        let decoded = OSCPacket.decode(oscMessage("/soundsafari/heading", [90]))
        #expect(
            decoded.readings == [TrackerReading(yawDeg: 90, address: "/soundsafari/heading", isProjectHeading: true)])
    }

    @Test func integerArgumentsAreAcceptedAsDegrees() {
        var message = oscMessage("/ypr", [], types: "iii")
        for value: Int32 in [12, 0, -3] { message += withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        #expect(OSCPacket.decode(message).readings.first?.yawDeg == 12)
    }

    @Test func aBundleDeliversEachMessageInOrder() {
        let decoded = OSCPacket.decode(
            oscBundle([oscMessage("/ypr", [10, 0, 0]), oscMessage("/other", [1]), oscMessage("/ypr", [11, 0, 0])]))
        #expect(decoded.readings.map(\.yawDeg) == [10, 11])
        #expect(decoded.ignored == 1)
        #expect(decoded.malformed == 0)
    }

    @Test func wrongArgumentsGarbageAndABrokenBundleAreMalformedAndOtherAddressesIgnored() {
        #expect(OSCPacket.decode(oscMessage("/ypr", [1, 2])).malformed == 1)
        #expect(OSCPacket.decode(oscMessage("/soundsafari/heading", [.infinity])).malformed == 1)
        #expect(OSCPacket.decode(Array("/ypr\0\0\0\0garbage".utf8)).malformed == 1)
        #expect(OSCPacket.decode([]).malformed == 1)
        #expect(OSCPacket.decode(Array("#bundle\0".utf8) + [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 99]).malformed == 1)
        let other = OSCPacket.decode(oscMessage("/volume", [1]))
        #expect(other.ignored == 1 && other.malformed == 0 && other.readings.isEmpty)
    }
}
