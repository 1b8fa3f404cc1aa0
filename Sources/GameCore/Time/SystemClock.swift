import Dispatch
// The real monotonic clock (CLOCK_MONOTONIC through DispatchTime) with sleeps until absolute deadlines.
import Foundation

/// The machine's monotonic clock, with nanosecond resolution. Wall-clock dates are anchored once at
/// creation, so a change of the system time during a session cannot reorder or stretch the log.
public final class SystemClock: GameClock, Sendable {
    private let anchorTime: MonotonicTime
    private let anchorDate: Date

    public init() {
        anchorDate = Date()
        anchorTime = SystemClock.readMonotonic()
    }

    private static func readMonotonic() -> MonotonicTime {
        MonotonicTime(seconds: Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000)
    }

    public func now() -> MonotonicTime { SystemClock.readMonotonic() }

    public func sleep(until deadline: MonotonicTime) {
        // Thread.sleep blocks in the kernel (no busy-wait); re-checking covers early wake-ups.
        while true {
            let remaining = deadline - now()
            if remaining <= 0 { return }
            Thread.sleep(forTimeInterval: remaining)
        }
    }

    public func date(at time: MonotonicTime) -> Date {
        anchorDate.addingTimeInterval(time - anchorTime)
    }
}
