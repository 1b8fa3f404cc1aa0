// A virtual clock advanced by hand: unit tests and `simulate` run whole sessions without waiting.
import Foundation

/// A virtual monotonic clock. `sleep(until:)` jumps straight to the deadline instead of waiting, so a
/// `GameManager` driven by it runs as fast as the machine can tick while its timestamps stay exact.
public final class ManualClock: GameClock {
    private var current: MonotonicTime
    private let anchorDate: Date

    /// - Parameters:
    ///   - start: the first reading.
    ///   - anchorDate: the wall-clock date that `start` corresponds to (now, by default).
    public init(start: MonotonicTime = .zero, anchorDate: Date = Date()) {
        self.current = start
        self.anchorDate = anchorDate.addingTimeInterval(-start.seconds)
    }

    public func now() -> MonotonicTime { current }

    /// Moves time forward by `seconds` (never backward: a monotonic clock).
    public func advance(by seconds: Double) {
        if seconds > 0 { current = current + seconds }
    }

    public func sleep(until deadline: MonotonicTime) {
        if deadline > current { current = deadline }
    }

    public func date(at time: MonotonicTime) -> Date {
        anchorDate.addingTimeInterval(time.seconds)
    }
}
