// Motion-to-sound latency at the default device buffer: head turn → first output sample rendered with it.
import Foundation
import GameCore
import GameUI
import HeadTracking
import SpatialAudio
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// 100 turns at seeded random times, each measured by `MotionToSoundProbe` (two engines rendered in lockstep
/// on the frame clock; the first differing sample is the first one rendered with the turn). `sampled` is the
/// game's path (input writes `listenerHeading`, the next block reads it); `tick_polled` is the path before it
/// (the heading reached the engine only on the next 60 Hz tick), for comparison; `tracker` sends each turn as
/// an opentrack datagram over the loopback interface to a `TrackerReceiver` whose `TrackedHeading` writes the
/// engine's cell from its receiving thread (the window's path with `--input opentrack`), and
/// `tracker_transit` is that datagram's real time from `sendto` until the cell shows it.
enum MotionToSoundBenchmark {
    static func run() throws -> [BenchmarkResult] {
        var random = SeededRandom(seed: 2026, stream: 0x4D53)
        let changes = (0..<100).map { _ in 0.05 + Double.random(in: 0..<0.5, using: &random) }
        let frames = SDLAudioOutput.defaultBufferFrames
        let sampled = try MotionToSoundProbe.latencies(changeSeconds: changes, blockFrames: frames, path: .sampled)
        let polled = try MotionToSoundProbe.latencies(
            changeSeconds: changes, blockFrames: frames, path: .tickPolled(ticksPerSecond: GameManager.defaultTickRate))
        let tracker = try LoopbackTracker()
        defer { tracker.stop() }
        let viaTracker = try MotionToSoundProbe.latencies(
            changeSeconds: changes, blockFrames: frames, path: .delivered(by: tracker.deliver))
        let transitMs = tracker.transitMs.withLock { $0 }
        return [
            BenchmarkResult(name: "audio.motion_to_sound_buffer", value: Double(frames), unit: "frames"),
            BenchmarkResult(name: "audio.motion_to_sound_ms_mean", value: mean(sampled) * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.motion_to_sound_ms_p95", value: percentile95(sampled) * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.motion_to_sound_tick_polled_ms_mean", value: mean(polled) * 1000, unit: "ms"),
            BenchmarkResult(
                name: "audio.motion_to_sound_tick_polled_ms_p95", value: percentile95(polled) * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.motion_to_sound_tracker_ms_mean", value: mean(viaTracker) * 1000, unit: "ms"),
            BenchmarkResult(
                name: "audio.motion_to_sound_tracker_ms_p95", value: percentile95(viaTracker) * 1000, unit: "ms"),
            BenchmarkResult(name: "audio.motion_to_sound_tracker_transit_ms_mean", value: mean(transitMs), unit: "ms"),
            BenchmarkResult(
                name: "audio.motion_to_sound_tracker_transit_ms_p95", value: percentile95(transitMs), unit: "ms"),
        ]
    }

    private static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// Nearest-rank 95th percentile.
    private static func percentile95(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[max(0, Int((0.95 * Double(sorted.count)).rounded(.up)) - 1)]
    }
}

/// An opentrack sender and a calibrated `TrackedHeading` on one loopback port: each turn is a real datagram.
private final class LoopbackTracker: Sendable {
    let heading: TrackedHeading
    let transitMs = Mutex<[Double]>([])
    private let clock: SystemClock
    private let fd: Int32
    private let port: UInt16

    init() throws {
        let clock = SystemClock()
        let port = UInt16(48_000 + getpid() % 1000)
        let receiver = try TrackerReceiver(input: TrackerInput(kind: .opentrack, port: port), now: { clock.now() })
        let heading = TrackedHeading(receiver: receiver)
        heading.calibration = TrackerCalibration(forwardRawYawDeg: 0, yawSign: 1)
        self.clock = clock
        self.port = port
        self.heading = heading
        fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    }

    func stop() {
        heading.receiver.stop()
        close(fd)
    }

    /// Points the tracker at `cell` facing forward, then sends the turn and waits (up to 1 s) until the
    /// receiving thread has stored it there; the wait is real time and not on the probe's frame clock.
    func deliver(_ cell: LatestHeading, _ turn: Bearing) {
        heading.output = nil
        send(yawDeg: 0, until: { self.heading.heading == .forward })
        heading.output = cell
        let start = clock.now()
        send(yawDeg: turn.degrees, until: { cell.load() == turn })
        transitMs.withLock { $0.append((clock.now() - start) * 1000) }
    }

    private func send(yawDeg: Double, until arrived: () -> Bool) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let datagram = OpenTrackPacket.encode(x: 0, y: 0, z: 0, yaw: yawDeg, pitch: 0, roll: 0)
        let start = clock.now()
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                datagram.withUnsafeBytes {
                    sendto(fd, $0.baseAddress, $0.count, 0, target, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        while !arrived(), clock.now() - start < 1 { sched_yield() }
    }
}
