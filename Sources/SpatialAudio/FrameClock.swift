// The engine's output frames on the game's monotonic clock: a fixed anchor offline, the device's callbacks live.
import Foundation
import GameCore
import Synchronization

/// Maps output frames to monotonic time: time(frame) = t₀ + (frame − f₀) · seconds per frame.
/// - Offline (`simulate`, tests) the caller anchors one frame (`anchor`) at the nominal 48 kHz: the render
///   frame clock, exact.
/// - With a device, its audio callback reports each block's first frame and the time it was asked for it
///   (`observe`). A device's clock runs at its own rate (SDL's dummy driver several per cent off, a sound card
///   some parts per million), so the rate is fitted by least squares over the last `window` callbacks; a
///   callback can run late but never early, so the line is moved down onto the earliest of them and the
///   uncertainty is the spread of the others above it (scheduling jitter). A frame's time is when the device
///   asked for its block; the device's own output queue (unknown to SDL2) comes on top.
/// `observe` runs on the audio thread: it allocates nothing and never waits. The mapping is published with a
/// sequence number (a seqlock), so a reader never mixes two fits.
// @unchecked: `frames`, `times` and `observed` are the audio thread's (inside `observe`); the fit is atomics under a seqlock.
public final class FrameClock: @unchecked Sendable {
    /// Callbacks the live estimate looks back over (2.7 s of 512-frame blocks).
    static let window = 256
    static let nominalNanosecondsPerFrame = 1e9 / Double(SpatialAudioEngine.sampleRate)

    /// Even while the fields below are consistent; odd while `publish` writes them.
    private let sequence = Atomic<UInt64>(0)
    private let referenceFrame = Atomic<Int64>(0)
    private let referenceNanoseconds = Atomic<Int64>(0)
    private let nanosecondsPerFrameBits = Atomic<UInt64>(FrameClock.nominalNanosecondsPerFrame.bitPattern)
    private let spreadNanoseconds = Atomic<Int64>(0)
    private let isKnown = Atomic<Bool>(false)
    // Audio thread only (inside `observe`): recent (frame, time) pairs.
    private let frames: UnsafeMutablePointer<Int64>
    private let times: UnsafeMutablePointer<Int64>
    private var observed = 0

    public init() {
        frames = .allocate(capacity: Self.window)
        frames.initialize(repeating: 0, count: Self.window)
        times = .allocate(capacity: Self.window)
        times.initialize(repeating: 0, count: Self.window)
    }

    deinit {
        frames.deallocate()
        times.deallocate()
    }

    /// Offline: frame `frame` is rendered at `time`, and the stream runs at exactly 48 kHz.
    public func anchor(frame: Int64, at time: MonotonicTime) {
        publish(frame: frame, nanoseconds: Self.nanoseconds(time), perFrame: Self.nominalNanosecondsPerFrame, spread: 0)
    }

    /// Live, from the audio callback: the block starting at `frame` is asked for at `time`.
    public func observe(frame: Int64, at time: MonotonicTime) {
        let slot = observed % Self.window
        frames[slot] = frame
        times[slot] = Self.nanoseconds(time)
        observed += 1
        let count = min(observed, Self.window)
        // Least squares of time on frame, relative to this callback (small numbers, no loss of precision).
        let lastFrame = frame
        let lastTime = times[slot]
        var sumX = 0.0
        var sumY = 0.0
        var sumXX = 0.0
        var sumXY = 0.0
        for index in 0..<count {
            let x = Double(frames[index] - lastFrame)
            let y = Double(times[index] - lastTime)
            sumX += x
            sumY += y
            sumXX += x * x
            sumXY += x * y
        }
        let n = Double(count)
        let variance = sumXX - sumX * sumX / n
        var slope = Self.nominalNanosecondsPerFrame
        if count >= 16, variance > 0 {
            let fitted = (sumXY - sumX * sumY / n) / variance
            // A fit more than 10 % off the nominal rate is a stall or a restart, not a clock: keep the nominal.
            if abs(fitted / slope - 1) < 0.1 { slope = fitted }
        }
        let intercept = (sumY - slope * sumX) / n
        var lowest = Double.infinity
        var highest = -Double.infinity
        for index in 0..<count {
            let residual =
                Double(times[index] - lastTime) - (intercept + slope * Double(frames[index] - lastFrame))
            lowest = min(lowest, residual)
            highest = max(highest, residual)
        }
        publish(
            frame: lastFrame, nanoseconds: lastTime + Int64((intercept + lowest).rounded()), perFrame: slope,
            spread: Int64((highest - lowest).rounded()))
    }

    /// The time of output frame `frame`; nil before the clock is anchored or observed.
    public func time(ofFrame frame: Int64) -> MonotonicTime? {
        guard let fit = read() else { return nil }
        let nanoseconds = Double(fit.nanoseconds) + Double(frame - fit.frame) * fit.perFrame
        return MonotonicTime(seconds: nanoseconds / 1e9)
    }

    /// The output frame heard at `time` (rounded to the nearest frame); nil before the clock is known.
    public func frame(at time: MonotonicTime) -> Int64? {
        guard let fit = read() else { return nil }
        return fit.frame + Int64((Double(Self.nanoseconds(time) - fit.nanoseconds) / fit.perFrame).rounded())
    }

    /// How far `time(ofFrame:)` may be off, in seconds (0 when anchored).
    public var uncertaintySeconds: Double { Double(read()?.spread ?? 0) / 1e9 }

    private struct Fit {
        let frame: Int64
        let nanoseconds: Int64
        let perFrame: Double
        let spread: Int64
    }

    /// One writer at a time (the audio thread, or the offline caller before rendering). The seqlock's writer
    /// side (Boehm 2012, "Can seqlocks get along with programming language memory models?"): the count turns
    /// odd, then a release fence keeps the data stores after it from becoming visible first (a reader that sees
    /// a new field also sees the odd count, on ARM as on x86), and the final release store turns it even.
    private func publish(frame: Int64, nanoseconds: Int64, perFrame: Double, spread: Int64) {
        let odd = sequence.load(ordering: .relaxed) &+ 1
        sequence.store(odd, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        referenceFrame.store(frame, ordering: .relaxed)
        referenceNanoseconds.store(nanoseconds, ordering: .relaxed)
        nanosecondsPerFrameBits.store(perFrame.bitPattern, ordering: .relaxed)
        spreadNanoseconds.store(spread, ordering: .relaxed)
        sequence.store(odd &+ 1, ordering: .releasing)
        isKnown.store(true, ordering: .releasing)
    }

    /// A consistent copy of the published fit (retried while a publish is half-way). The reader side of the
    /// seqlock: an acquire load of the count, relaxed data loads, an acquire fence so the second count load
    /// cannot be answered before the data loads, then the count again; equal and even means one publish's data.
    private func read() -> Fit? {
        guard isKnown.load(ordering: .acquiring) else { return nil }
        while true {
            let before = sequence.load(ordering: .acquiring)
            guard before % 2 == 0 else { continue }
            let fit = Fit(
                frame: referenceFrame.load(ordering: .relaxed),
                nanoseconds: referenceNanoseconds.load(ordering: .relaxed),
                perFrame: Double(bitPattern: nanosecondsPerFrameBits.load(ordering: .relaxed)),
                spread: spreadNanoseconds.load(ordering: .relaxed))
            atomicMemoryFence(ordering: .acquiring)
            if sequence.load(ordering: .relaxed) == before { return fit }
        }
    }

    private static func nanoseconds(_ time: MonotonicTime) -> Int64 { Int64((time.seconds * 1e9).rounded()) }
}
