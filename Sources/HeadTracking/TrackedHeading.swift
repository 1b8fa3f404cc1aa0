// The game's HeadingSource for a head tracker: the newest reading through the calibration.
import GameCore
import Synchronization

/// What the `GameManager` (and the photo) reads as the heading while a head tracker steers: the newest
/// reading mapped by the calibration. Before calibration the heading is forward. Readings in the
/// project's own convention (`/soundsafari/heading`) are clockwise already: only the forward direction applies.
/// With an `output` (the engine's `listenerHeading` during a session) each reading's heading is also stored
/// there by the receiving thread the moment the reading arrives, so the sound turns with the head without
/// waiting for the game's next tick (docs/ARCHITECTURE.md, motion-to-sound latency).
public final class TrackedHeading: HeadingSource, Sendable {
    public let receiver: TrackerReceiver
    /// The calibration and the output under one lock: a heading mapped by an old calibration is never stored
    /// after one mapped by the new calibration (the receiving thread and the game thread both store).
    private let state = Mutex<(calibration: TrackerCalibration?, output: LatestHeading?)>((nil, nil))
    /// Readings older than this count as a silent tracker (the round pauses).
    public static let silenceSeconds = 0.5

    public init(receiver: TrackerReceiver) {
        self.receiver = receiver
        receiver.setReadingHandler { [weak self] reading in self?.publish(reading) }
    }

    public var calibration: TrackerCalibration? {
        get { state.withLock { $0.calibration } }
        set {
            state.withLock { state in
                state.calibration = newValue
                Self.store(receiver.latest?.reading, calibration: state.calibration, into: state.output)
            }
        }
    }

    /// Where each new heading goes at once, on the receiving thread; nil while the tracker does not steer a
    /// session. Setting it stores the newest reading's heading there straight away.
    public var output: LatestHeading? {
        get { state.withLock { $0.output } }
        set {
            state.withLock { state in
                state.output = newValue
                Self.store(receiver.latest?.reading, calibration: state.calibration, into: state.output)
            }
        }
    }

    public var heading: Bearing {
        guard let sample = receiver.latest, let calibration else { return .forward }
        return Self.heading(of: sample.reading, calibration: calibration)
    }

    /// The bearing a reading means under `calibration`.
    public static func heading(of reading: TrackerReading, calibration: TrackerCalibration) -> Bearing {
        var applied = calibration
        if reading.isProjectHeading { applied.yawSign = 1 }
        return applied.heading(rawYawDeg: reading.yawDeg)
    }

    /// Straight ahead becomes where the head points now (the sign stays).
    public func recentre() {
        guard let reading = receiver.latest?.reading else { return }
        state.withLock { state in
            state.calibration?.forwardRawYawDeg = reading.yawDeg
            Self.store(reading, calibration: state.calibration, into: state.output)
        }
    }

    /// True when no reading arrived within `silenceSeconds` before `now` (or none ever arrived).
    public func isSilent(at now: MonotonicTime) -> Bool {
        guard let last = receiver.latest?.receivedAt else { return true }
        return now - last > Self.silenceSeconds
    }

    /// A new reading, on the receiving thread: its heading goes to the output now (calibrated only).
    private func publish(_ reading: TrackerReading) {
        state.withLock { state in Self.store(reading, calibration: state.calibration, into: state.output) }
    }

    private static func store(_ reading: TrackerReading?, calibration: TrackerCalibration?, into output: LatestHeading?)
    {
        guard let reading, let calibration, let output else { return }
        output.store(heading(of: reading, calibration: calibration))
    }
}
