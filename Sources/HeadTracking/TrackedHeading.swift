// The game's HeadingSource for a head tracker: the newest reading through the calibration.
import GameCore
import Synchronization

/// What the `GameManager` (and the photo) reads as the heading while a head tracker steers: the newest
/// reading mapped by the calibration. Before calibration the heading is forward. Readings in the
/// project's own convention (`/soundsafari/heading`) are clockwise already: only the forward direction applies.
public final class TrackedHeading: HeadingSource, Sendable {
    public let receiver: TrackerReceiver
    private let calibrationState = Mutex<TrackerCalibration?>(nil)
    /// Readings older than this count as a silent tracker (the round pauses).
    public static let silenceSeconds = 0.5

    public init(receiver: TrackerReceiver) { self.receiver = receiver }

    public var calibration: TrackerCalibration? {
        get { calibrationState.withLock { $0 } }
        set { calibrationState.withLock { $0 = newValue } }
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
        guard let raw = receiver.latest?.reading.yawDeg else { return }
        calibrationState.withLock { calibration in calibration?.forwardRawYawDeg = raw }
    }

    /// True when no reading arrived within `silenceSeconds` before `now` (or none ever arrived).
    public func isSilent(at now: MonotonicTime) -> Bool {
        guard let last = receiver.latest?.receivedAt else { return true }
        return now - last > Self.silenceSeconds
    }
}
