// The engine's output frames on the game's monotonic clock: a fixed anchor offline, the device's callbacks live.
import Foundation
import GameCore
import Synchronization

/// Maps output frames to monotonic time: time(frame) = offset + frame / 48 000.
/// - Offline (`simulate`, tests) the caller anchors frame 0 once (`anchor`): the render frame clock, exact.
/// - With a device, its audio callback reports each block's first frame and the time it was asked for it
///   (`observe`). A callback can run late but never early, so the offset is the smallest `t − frame / rate` of
///   the last `window` callbacks and its uncertainty is their spread (scheduling jitter). The frame's time is
///   when the device asked for its block; the device's own output queue (unknown to SDL2) comes on top.
/// `observe` runs on the audio thread: it allocates nothing and never waits; readers use atomics.
public final class FrameClock: @unchecked Sendable {
    /// Callbacks the live estimate looks back over (2.7 s of 512-frame blocks).
    static let window = 256

    private let offsetNanoseconds = Atomic<Int64>(0)
    private let spreadNanoseconds = Atomic<Int64>(0)
    private let isKnown = Atomic<Bool>(false)
    // Audio thread only (inside `observe`).
    private let recent: UnsafeMutablePointer<Int64>
    private var observed = 0

    public init() {
        recent = .allocate(capacity: Self.window)
        recent.initialize(repeating: 0, count: Self.window)
    }

    deinit { recent.deallocate() }

    /// Offline: frame `frame` is rendered at `time`, exactly.
    public func anchor(frame: Int64, at time: MonotonicTime) {
        offsetNanoseconds.store(Self.nanoseconds(time) - Self.nanoseconds(ofFrames: frame), ordering: .relaxed)
        spreadNanoseconds.store(0, ordering: .relaxed)
        isKnown.store(true, ordering: .releasing)
    }

    /// Live, from the audio callback: the block starting at `frame` is asked for at `time`.
    public func observe(frame: Int64, at time: MonotonicTime) {
        recent[observed % Self.window] = Self.nanoseconds(time) - Self.nanoseconds(ofFrames: frame)
        observed += 1
        let count = min(observed, Self.window)
        var lowest = Int64.max
        var highest = Int64.min
        for index in 0..<count {
            lowest = min(lowest, recent[index])
            highest = max(highest, recent[index])
        }
        offsetNanoseconds.store(lowest, ordering: .relaxed)
        spreadNanoseconds.store(highest - lowest, ordering: .relaxed)
        isKnown.store(true, ordering: .releasing)
    }

    /// The time of output frame `frame`; nil before the clock is anchored or observed.
    public func time(ofFrame frame: Int64) -> MonotonicTime? {
        guard isKnown.load(ordering: .acquiring) else { return nil }
        let nanoseconds = offsetNanoseconds.load(ordering: .relaxed) + Self.nanoseconds(ofFrames: frame)
        return MonotonicTime(seconds: Double(nanoseconds) / 1e9)
    }

    /// The output frame heard at `time` (rounded to the nearest frame); nil before the clock is known.
    public func frame(at time: MonotonicTime) -> Int64? {
        guard isKnown.load(ordering: .acquiring) else { return nil }
        let nanoseconds = Self.nanoseconds(time) - offsetNanoseconds.load(ordering: .relaxed)
        return Int64((Double(nanoseconds) * Double(SpatialAudioEngine.sampleRate) / 1e9).rounded())
    }

    /// How far `time(ofFrame:)` may be off, in seconds (0 when anchored).
    public var uncertaintySeconds: Double { Double(spreadNanoseconds.load(ordering: .relaxed)) / 1e9 }

    private static func nanoseconds(_ time: MonotonicTime) -> Int64 { Int64((time.seconds * 1e9).rounded()) }

    private static func nanoseconds(ofFrames frames: Int64) -> Int64 {
        frames * 1_000_000_000 / Int64(SpatialAudioEngine.sampleRate)
    }
}
