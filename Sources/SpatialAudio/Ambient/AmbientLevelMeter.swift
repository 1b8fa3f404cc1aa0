// The level of what a microphone hears, from the samples alone: nothing is kept but sums of squares.
import Foundation
import Synchronization

/// What an `AmbientLevelMeter` has measured: the equivalent level over everything it was given, unweighted (its DC
/// offset removed, which a cheap microphone adds) and A-weighted, both RMS re full scale (a sine of RMS 1 is 0 dBFS,
/// so a full-scale sine reads −3.0 dBFS, as `ExposureMeter` counts).
public struct AmbientReading: Sendable, Equatable {
    public var dBFS: Double
    public var aWeightedDBFS: Double
    public var seconds: Double
}

/// Adds up a microphone's samples (mono float at `sampleRate`) as they arrive, for the ratings' ambient level
/// (issue 45). The samples are squared and summed and then forgotten: no audio is kept, only four numbers. The
/// capture thread calls `add`; the game thread reads `reading` under the mutex, which `add` holds for a few additions
/// per block. The first `settleSeconds` are not counted: the A-weighting's 20 Hz high-pass rings at the start, and
/// capture devices often open with a click.
// @unchecked: the filter memory is the capture thread's alone; readers see only `totals`, behind its mutex.
public final class AmbientLevelMeter: @unchecked Sendable {
    /// Shorter than this is no level of the room, just of a moment.
    public static let minimumSeconds = 0.5
    static let settleSeconds = 0.1

    struct Totals {
        var frames = 0
        var sum = 0.0
        var squares = 0.0
        var weightedSquares = 0.0
    }

    public let sampleRate: Double
    private let sections: [SecondOrderSection]
    /// Per section: x1, x2, y1, y2.
    private var memory: [Double]
    private var settleFrames: Int
    private let totals = Mutex(Totals())

    public init(sampleRate: Double) {
        self.sampleRate = sampleRate
        sections = AWeightingDesign.sections(sampleRate: sampleRate)
        memory = [Double](repeating: 0, count: 4 * sections.count)
        settleFrames = Int(Self.settleSeconds * sampleRate)
    }

    /// Counts a block of mono samples (the capture callback's buffer).
    public func add(_ samples: UnsafeBufferPointer<Float>) {
        var block = Totals()
        sections.withUnsafeBufferPointer { sections in
            memory.withUnsafeMutableBufferPointer { memory in
                for sample in samples {
                    let raw = Double(sample)
                    let x = sections.filter(raw, memory: memory)
                    if settleFrames > 0 {
                        settleFrames -= 1
                        continue
                    }
                    block.frames += 1
                    block.sum += raw
                    block.squares += raw * raw
                    block.weightedSquares += x * x
                }
            }
        }
        totals.withLock {
            $0.frames += block.frames
            $0.sum += block.sum
            $0.squares += block.squares
            $0.weightedSquares += block.weightedSquares
        }
    }

    /// The level so far; nil before `minimumSeconds` were counted, or when every sample was zero (digital silence is
    /// no microphone's: SDL's dummy capture device gives it, and a muted input).
    public var reading: AmbientReading? {
        let now = totals.withLock { $0 }
        let seconds = Double(now.frames) / sampleRate
        guard seconds >= Self.minimumSeconds, now.squares > 0 else { return nil }
        let count = Double(now.frames)
        let mean = now.sum / count
        let variance = max(now.squares / count - mean * mean, .leastNormalMagnitude)
        let weighted = max(now.weightedSquares / count, .leastNormalMagnitude)
        return AmbientReading(dBFS: 10 * log10(variance), aWeightedDBFS: 10 * log10(weighted), seconds: seconds)
    }
}
