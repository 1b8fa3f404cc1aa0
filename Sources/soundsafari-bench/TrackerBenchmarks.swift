// Head tracker figures: how long a datagram takes from `sendto` to the heading the game reads.
import Foundation
import GameCore
import HeadTracking

#if canImport(Glibc)
    import Glibc
#endif

/// Sends opentrack datagrams over the loopback interface to a `TrackerReceiver` and measures, for each,
/// the time from just before `sendto` until `TrackedHeading.heading` shows it (the receiving thread's
/// wake-up, decoding and the lock). The game then reads it at its next tick (0–16.7 ms later at 60 Hz).
enum TrackerBenchmarks {
    static func run() throws -> [BenchmarkResult] {
        let clock = SystemClock()
        let port = UInt16(47_000 + getpid() % 1000)
        let receiver = try TrackerReceiver(input: TrackerInput(kind: .opentrack, port: port), now: { clock.now() })
        defer { receiver.stop() }
        let heading = TrackedHeading(receiver: receiver)
        heading.calibration = TrackerCalibration(forwardRawYawDeg: 0, yawSign: 1)
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var delaysMs: [Double] = []
        for index in 1...2000 {
            let yaw = Double(index % 300) + 0.5
            let datagram = OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: yaw, pitch: 0, roll: 0)
            let start = clock.now()
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                    datagram.withUnsafeBytes {
                        sendto(fd, $0.baseAddress, $0.count, 0, target, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            // Polls as the game would, only far more often; gives up on a lost datagram after 1 s.
            while abs(heading.heading.degrees - yaw) > 1e-9, clock.now() - start < 1 { sched_yield() }
            delaysMs.append((clock.now() - start) * 1000)
            _ = receiver.drain()
            Thread.sleep(forTimeInterval: 0.002)  // a tracker's pace (500 Hz), not a flood
        }
        let sorted = delaysMs.sorted()
        return [
            BenchmarkResult(
                name: "tracker.packet_to_heading_mean", value: delaysMs.reduce(0, +) / Double(delaysMs.count),
                unit: "ms"),
            BenchmarkResult(
                name: "tracker.packet_to_heading_p95", value: sorted[Int(Double(sorted.count - 1) * 0.95)], unit: "ms"),
            BenchmarkResult(name: "tracker.packet_to_heading_max", value: sorted.last ?? 0, unit: "ms"),
        ]
    }
}
