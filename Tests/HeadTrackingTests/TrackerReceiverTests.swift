// The receiver on a real UDP port of this machine: good readings are kept, malformed datagrams counted.
import Foundation
import GameCore
import Synchronization
import Testing

@testable import HeadTracking

#if canImport(Glibc)
    import Glibc
#endif

/// Sends datagrams to 127.0.0.1 from a socket of this process.
func sendUDP(_ datagrams: [[UInt8]], port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    for datagram in datagrams {
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                datagram.withUnsafeBytes {
                    sendto(fd, $0.baseAddress, $0.count, 0, target, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }
}

/// Waits (without asserting on time) until `condition` holds or 10 s passed.
func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
}

@Suite(.serialized) struct TrackerReceiverTests {
    @Test func opentrackDatagramsBecomeReadingsAndMalformedOnesAreCountedNotUsed() throws {
        let input = TrackerInput(kind: .opentrack, port: 0)
        let receiver = try TrackerReceiver(input: input, now: { MonotonicTime(seconds: 7) })
        defer { receiver.stop() }
        sendUDP(
            [
                OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: 12.5, pitch: 1, roll: 2), Array("hello".utf8),
                OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: .nan, pitch: 0, roll: 0),
            ], port: receiver.port)
        #expect(eventually { receiver.counts.datagrams == 3 })
        #expect(receiver.counts == TrackerCounts(datagrams: 3, readings: 1, malformed: 2, ignored: 0))
        #expect(receiver.latest?.reading.yawDeg == 12.5, "the last good reading stays")
        #expect(receiver.latest?.receivedAt == MonotonicTime(seconds: 7))
        #expect(receiver.drain().map(\.reading.yawDeg) == [12.5])
        #expect(receiver.drain().isEmpty)
    }

    @Test func oscMessagesAreReceivedThroughLiblo() throws {
        let input = TrackerInput(kind: .osc, port: 0)
        let receiver = try TrackerReceiver(input: input, now: { .zero })
        defer { receiver.stop() }
        sendUDP([oscMessage("/SceneRotator/ypr", [-20, 0, 0]), oscMessage("/ypr", [1])], port: receiver.port)
        #expect(eventually { receiver.counts.datagrams == 2 })
        #expect(receiver.counts.malformed == 1)
        #expect(receiver.latest?.reading.address == "/SceneRotator/ypr")
    }

    @Test func aPortInUseIsOneSentenceNamingThePortAndWhatToDo() throws {
        // Port 0: the kernel picks a free one; the second receiver asks for that same port.
        let first = try TrackerReceiver(input: TrackerInput(kind: .opentrack, port: 0), now: { .zero })
        let input = TrackerInput(kind: .opentrack, port: first.port)
        #expect(input.port != 0)
        #expect(throws: TrackerError.portInUse(input)) { _ = try TrackerReceiver(input: input, now: { .zero }) }
        #expect("\(TrackerError.portInUse(input))".contains("UDP port \(input.port)"))
        first.stop()
        // Stopping frees the port at once.
        let second = try TrackerReceiver(input: input, now: { .zero })
        second.stop()
    }

    @Test func theHeadingFollowsTheCalibrationAndSilenceIsHalfASecondWithoutData() throws {
        let input = TrackerInput(kind: .opentrack, port: 0)
        let receiver = try TrackerReceiver(input: input, now: { MonotonicTime(seconds: 100) })
        defer { receiver.stop() }
        let heading = TrackedHeading(receiver: receiver)
        #expect(heading.isSilent(at: MonotonicTime(seconds: 100)), "no data yet")
        sendUDP([OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: 57, pitch: 0, roll: 0)], port: receiver.port)
        #expect(eventually { receiver.latest != nil })
        #expect(heading.heading == .forward, "uncalibrated: forward")
        heading.calibration = TrackerCalibration(forwardRawYawDeg: 20, yawSign: 1)
        #expect(abs(heading.heading.degrees - 37) < 1e-9)
        #expect(!heading.isSilent(at: MonotonicTime(seconds: 100.5)))
        #expect(heading.isSilent(at: MonotonicTime(seconds: 100.51)))
        heading.recentre()
        #expect(heading.heading == .forward)
        #expect(heading.calibration == TrackerCalibration(forwardRawYawDeg: 57, yawSign: 1))
    }

    @Test func eachReadingReachesTheOutputCellOnTheReceivingThreadThroughTheCalibration() throws {
        let input = TrackerInput(kind: .opentrack, port: 0)
        let receiver = try TrackerReceiver(input: input, now: { MonotonicTime(seconds: 100) })
        defer { receiver.stop() }
        let heading = TrackedHeading(receiver: receiver)
        let cell = LatestHeading(Bearing(degrees: 300))
        heading.output = cell
        sendUDP([OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: 57, pitch: 0, roll: 0)], port: receiver.port)
        #expect(eventually { receiver.latest != nil })
        #expect(cell.load() == Bearing(degrees: 300), "uncalibrated: nothing is stored")
        heading.calibration = TrackerCalibration(forwardRawYawDeg: 20, yawSign: -1)
        #expect(abs(cell.load().degrees - 323) < 1e-9, "a new calibration applies at once")
        // Nobody reads `heading` from here on: only the receiving thread can move the cell.
        sendUDP([OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: 10, pitch: 0, roll: 0)], port: receiver.port)
        #expect(eventually { abs(cell.load().degrees - 10) < 1e-9 })
        heading.recentre()
        #expect(cell.load() == .forward)
        heading.output = nil
        sendUDP([OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: 40, pitch: 0, roll: 0)], port: receiver.port)
        #expect(eventually { receiver.latest?.reading.yawDeg == 40 })
        #expect(cell.load() == .forward, "no longer steering: the cell is left alone")
    }
}

@Suite struct TrackerInputTests {
    @Test func namesAndPortsParseAndBadOnesSayWhatToUse() throws {
        #expect(try TrackerInput.parse("opentrack") == TrackerInput(kind: .opentrack, port: 4242))
        #expect(try TrackerInput.parse("osc") == TrackerInput(kind: .osc, port: 9000))
        #expect(try TrackerInput.parse("osc:9001").port == 9001)
        #expect(throws: TrackerError.badPort("opentrack:80")) { try TrackerInput.parse("opentrack:80") }
        #expect(throws: TrackerError.badPort("osc:")) { try TrackerInput.parse("osc:") }
        #expect(throws: TrackerError.unknownInput("vive")) { try TrackerInput.parse("vive") }
        #expect(!TrackerInput.namesTracker("keyboard"))
        #expect(TrackerInput.namesTracker("osc:x"))
    }
}
