// `soundsafari tracker monitor`: prints every heading a head tracker sends, to check it before a session.
import ArgumentParser
import Foundation
import GameCore
import HeadTracking
import StudyKit
import StudyRecords

struct TrackerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracker",
        abstract: "Check a head tracker (opentrack or OSC) before a session.",
        subcommands: [TrackerMonitorCommand.self])
}

struct TrackerMonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Print each heading a head tracker sends, one JSON object per line.",
        discussion: """
            Each line: time (UTC), elapsed_s (since the monitor started), address (opentrack or the OSC \
            address), raw_yaw_deg, raw_pitch_deg, raw_roll_deg as sent, and heading_deg: the raw yaw as a \
            bearing (clockwise, 0 = the tracker's own zero) with --tracker-yaw-sign applied. On exit a \
            summary line goes to standard error: readings, datagrams, malformed and ignored packets.
            """)

    @Option(help: "opentrack[:PORT] (default port 4242) or osc[:PORT] (default port 9000).")
    var input: String

    @Option(help: "Stop after this many seconds (default: until interrupted).")
    var seconds: Double?

    @Option(
        parsing: .unconditional, help: "1 when the tracker's yaw grows turning right (default), -1 when it shrinks.")
    var trackerYawSign: Int = 1

    func validate() throws {
        guard TrackerInput.namesTracker(input) else {
            throw ValidationError(
                "tracker monitor listens to head trackers only, not '\(input)': use --input opentrack[:PORT] or osc[:PORT]."
            )
        }
        do { _ = try TrackerInput.parse(input) } catch { throw ValidationError("\(error)") }
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw ValidationError("--seconds \(seconds) must be a positive number of seconds (e.g. 10).")
        }
        guard trackerYawSign == 1 || trackerYawSign == -1 else {
            throw ValidationError("\(TrackerError.badYawSign(trackerYawSign))")
        }
    }

    func run() throws {
        let clock = SystemClock()
        let receiver = try TrackerReceiver(input: try TrackerInput.parse(input), now: { clock.now() })
        let start = clock.now()
        let calibration = TrackerCalibration(forwardRawYawDeg: 0, yawSign: trackerYawSign)
        FileHandle.standardError.write(Data("Listening for \(receiver.input) (UDP)…\n".utf8))
        while seconds.map({ clock.now() - start < $0 }) ?? true {
            for sample in receiver.drain() {
                let line = Self.line(sample, start: start, clock: clock, calibration: calibration)
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
            clock.sleep(until: clock.now() + 0.002)
        }
        receiver.stop()
        for sample in receiver.drain() {
            FileHandle.standardOutput.write(
                Data((Self.line(sample, start: start, clock: clock, calibration: calibration) + "\n").utf8))
        }
        let counts = receiver.counts
        FileHandle.standardError.write(
            Data(
                "\(counts.readings) readings in \(counts.datagrams) datagrams; \(counts.malformed) malformed and \(counts.ignored) for other addresses, ignored.\n"
                    .utf8))
    }

    /// One JSON object, keys in a fixed order; values the tracker did not send are null.
    static func line(
        _ sample: TrackerSample, start: MonotonicTime, clock: SystemClock, calibration: TrackerCalibration
    ) -> String {
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
        let reading = sample.reading
        let heading = TrackedHeading.heading(of: reading, calibration: calibration).degrees
        let time = Timestamp.format(clock.date(at: sample.receivedAt))
        return """
            {"time":"\(time)","elapsed_s":\(String(format: "%.4f", sample.receivedAt - start)),\
            "address":"\(reading.address)","raw_yaw_deg":\(number(reading.yawDeg)),\
            "raw_pitch_deg":\(number(reading.pitchDeg)),"raw_roll_deg":\(number(reading.rollDeg)),\
            "heading_deg":\(String(format: "%.3f", heading))}
            """
    }
}
