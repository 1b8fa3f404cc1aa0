// The per-ear filters of the tailored output (notch and audiogram gains), cross-faded when their settings change.
import Foundation
import Synchronization

/// Runs a cascade of biquads on each ear (Direct Form I, double precision, so narrow low notches stay exact).
///
/// `update` may be called on the game thread at any time: the new design waits in a slot the audio thread only
/// try-locks. The block that picks it up runs the old and the new filters side by side and fades from one to
/// the other over the block, after priming the new filters with the last `primingFrames` of input, so a
/// change makes neither a click nor a burst of filter ringing ("no zipper noise").
// @unchecked: the cascades in use and the fade are the audio thread's; a new design crosses only through the try-locked slot.
public final class FilterCascadeProcessor: OutputProcessor, @unchecked Sendable {
    static let primingFrames = 4096
    static let maximumBlockFrames = 4096

    /// One design in use: per-ear sections and their filter memories. Not Sendable: built on the game thread and
    /// moved whole into the `pending` slot (a `Mutex` takes its value `sending`), from then on the audio thread's.
    final class Cascade {
        let left: [SecondOrderSection]
        let right: [SecondOrderSection]
        // Per section: x1, x2, y1, y2.
        var leftState: [Double]
        var rightState: [Double]

        init(left: [SecondOrderSection], right: [SecondOrderSection]) {
            self.left = left
            self.right = right
            leftState = [Double](repeating: 0, count: left.count * 4)
            rightState = [Double](repeating: 0, count: right.count * 4)
        }

        var isEmpty: Bool { left.isEmpty && right.isEmpty }

        /// Filters `frames` interleaved frames of `source` into `destination` (which may be the same memory).
        func run(_ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Float>, frames: Int) {
            Self.run(left, &leftState, source, destination, frames: frames, channel: 0)
            Self.run(right, &rightState, source, destination, frames: frames, channel: 1)
        }

        private static func run(
            _ sections: [SecondOrderSection], _ state: inout [Double], _ source: UnsafePointer<Float>,
            _ destination: UnsafeMutablePointer<Float>, frames: Int, channel: Int
        ) {
            guard !sections.isEmpty else {
                if source != UnsafePointer(destination) {
                    for frame in 0..<frames { destination[2 * frame + channel] = source[2 * frame + channel] }
                }
                return
            }
            sections.withUnsafeBufferPointer { sections in
                state.withUnsafeMutableBufferPointer { memory in
                    for frame in 0..<frames {
                        destination[2 * frame + channel] = Float(
                            sections.filter(Double(source[2 * frame + channel]), memory: memory))
                    }
                }
            }
        }
    }

    private var current: Cascade
    /// The next design, and the one it replaced (handed back so the audio thread never frees memory).
    private let pending = Mutex<(next: Cascade?, retired: Cascade?)>((nil, nil))
    // Audio-thread scratch, allocated once: the last input frames (for priming) and the old design's output.
    private let history: UnsafeMutablePointer<Float>
    private var historyFrames = 0
    private let scratch: UnsafeMutablePointer<Float>

    public init(left: [SecondOrderSection] = [], right: [SecondOrderSection] = []) {
        current = Cascade(left: left, right: right)
        history = .allocate(capacity: 2 * Self.primingFrames)
        history.initialize(repeating: 0, count: 2 * Self.primingFrames)
        scratch = .allocate(capacity: 2 * Self.maximumBlockFrames)
        scratch.initialize(repeating: 0, count: 2 * Self.maximumBlockFrames)
    }

    deinit {
        history.deallocate()
        scratch.deallocate()
    }

    /// Game thread: the design the next block fades to. The cascade is built here, off the audio thread.
    public func update(left: [SecondOrderSection], right: [SecondOrderSection]) {
        // Swapped in and out rather than returned: a Mutex hands nothing back `sending`, a swap moves it.
        var cascade: Cascade? = Cascade(left: left, right: right)
        var retired: Cascade?
        pending.withLock { slot in
            swap(&retired, &slot.retired)
            swap(&cascade, &slot.next)
        }
        // Released here, on the game thread: the design the audio thread replaced, and any never picked up.
        _ = (retired, cascade)
    }

    public func process(_ block: UnsafeMutableBufferPointer<Float>) {
        guard let base = block.baseAddress else { return }
        var offset = 0
        let total = block.count / 2
        while offset < total {
            let frames = min(Self.maximumBlockFrames, total - offset)
            processChunk(base + 2 * offset, frames: frames)
            offset += frames
        }
    }

    private func processChunk(_ block: UnsafeMutablePointer<Float>, frames: Int) {
        // A new design is taken only if the game thread is not writing one this instant.
        var next: Cascade?
        var old: Cascade? = current
        _ = pending.withLockIfAvailable { slot in
            guard slot.next != nil else { return }
            swap(&next, &slot.next)
            swap(&old, &slot.retired)
        }
        if let next {
            if !next.isEmpty {
                // Prime the new filters on recent input so they start in their steady state.
                next.run(history, into: scratch, frames: historyFrames)
            }
            current.run(block, into: scratch, frames: frames)
            remember(block, frames: frames)
            next.run(block, into: block, frames: frames)
            for frame in 0..<frames {
                let weight = Float(frame + 1) / Float(frames)
                for channel in 0..<2 {
                    let index = 2 * frame + channel
                    block[index] = scratch[index] + (block[index] - scratch[index]) * weight
                }
            }
            current = next
            return
        }
        remember(block, frames: frames)
        if !current.isEmpty { current.run(block, into: block, frames: frames) }
    }

    /// Keeps the latest input frames, oldest first, for priming a later design.
    private func remember(_ block: UnsafeMutablePointer<Float>, frames: Int) {
        let capacity = Self.primingFrames
        if frames >= capacity {
            history.update(from: block + 2 * (frames - capacity), count: 2 * capacity)
            historyFrames = capacity
            return
        }
        let keep = min(historyFrames, capacity - frames)
        if keep > 0 { history.update(from: history + 2 * (historyFrames - keep), count: 2 * keep) }
        (history + 2 * keep).update(from: block, count: 2 * frames)
        historyFrames = keep + frames
    }
}
