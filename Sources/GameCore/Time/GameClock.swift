// The one clock protocol: a monotonic time line, sleeping until an absolute deadline, and wall-clock dates.
import Foundation

/// Where the game gets time from. `SystemClock` is the real monotonic clock; `ManualClock` is a virtual
/// clock that tests and `simulate` advance by hand, so thousands of ticks run in milliseconds.
public protocol GameClock: AnyObject {
    /// The current monotonic time.
    func now() -> MonotonicTime

    /// Blocks until `deadline` (returns at once if it has passed). Absolute deadlines, not durations,
    /// so a loop that sleeps until `start + n × step` never drifts.
    func sleep(until deadline: MonotonicTime)

    /// The wall-clock (UTC) date of a monotonic reading, for the log's `onset_at` / `shot_at`.
    /// Computed from one anchor so that date differences equal monotonic differences.
    func date(at time: MonotonicTime) -> Date
}
