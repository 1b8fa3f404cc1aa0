// A point on the monotonic clock, in seconds since an arbitrary origin; never jumps with wall-clock changes.

/// A reading of a `GameClock`'s monotonic time line, in seconds. Only differences between two readings
/// of the same clock mean anything; the wall-clock date of a reading comes from `GameClock.date(at:)`.
public struct MonotonicTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    public static let zero = MonotonicTime(seconds: 0)

    public static func < (lhs: MonotonicTime, rhs: MonotonicTime) -> Bool { lhs.seconds < rhs.seconds }

    public static func + (lhs: MonotonicTime, seconds: Double) -> MonotonicTime {
        MonotonicTime(seconds: lhs.seconds + seconds)
    }

    public static func - (lhs: MonotonicTime, seconds: Double) -> MonotonicTime {
        MonotonicTime(seconds: lhs.seconds - seconds)
    }

    /// The time between two readings, in seconds (positive when `lhs` is later).
    public static func - (lhs: MonotonicTime, rhs: MonotonicTime) -> Double { lhs.seconds - rhs.seconds }

    public var description: String { "\(seconds) s" }
}
