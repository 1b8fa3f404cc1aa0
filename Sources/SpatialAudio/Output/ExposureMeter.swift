// Measures what leaves the output stage, A-weighted per ear, so a session's sound exposure can be logged.
import Foundation
import Synchronization

/// What an `ExposureMeter` has measured so far: the A-weighted energy (sum of squared samples) per ear and the
/// frames it covers. Levels are RMS re full scale, the convention of every dBFS level in the project (a sine
/// of RMS 1 is 0 dBFS; `HeadphoneCalibration` gives the dB SPL of 0 dBFS).
public struct ExposureTotals: Sendable, Equatable {
    public var leftEnergy = 0.0
    public var rightEnergy = 0.0
    public var frames = 0

    public init(leftEnergy: Double = 0, rightEnergy: Double = 0, frames: Int = 0) {
        (self.leftEnergy, self.rightEnergy, self.frames) = (leftEnergy, rightEnergy, frames)
    }

    public var durationSeconds: Double { Double(frames) / Double(SpatialAudioEngine.sampleRate) }

    /// The A-weighted equivalent level of an ear in dBFS; nil before any frame or when the ear was silent.
    public func laeqDBFS(left: Bool) -> Double? {
        let energy = left ? leftEnergy : rightEnergy
        guard frames > 0, energy > 0 else { return nil }
        return 10 * log10(energy / Double(frames))
    }
}

/// The last processor of a session's output stage (after the limiter, so it measures exactly what is played):
/// runs each ear through the A-weighting (`AWeightingDesign`) and adds up the squared result, block by block.
/// It leaves the block unchanged. The audio thread keeps its own running totals and hands them to `totals`
/// with a try-lock after each block (if a reader holds the lock just then, they go with the next block), so
/// it never waits.
// @unchecked: `pending` and the weighting's memory are the audio thread's; readers see only `published`, behind its mutex.
public final class ExposureMeter: OutputProcessor, @unchecked Sendable {
    static let maximumBlockFrames = 4096

    private let weighting: FilterCascadeProcessor.Cascade
    private let weighted: UnsafeMutablePointer<Float>
    private var pending = ExposureTotals()
    private let published = Mutex(ExposureTotals())

    public init(sampleRate: Double = Double(SpatialAudioEngine.sampleRate)) {
        let sections = AWeightingDesign.sections(sampleRate: sampleRate)
        weighting = FilterCascadeProcessor.Cascade(left: sections, right: sections)
        weighted = .allocate(capacity: 2 * Self.maximumBlockFrames)
        weighted.initialize(repeating: 0, count: 2 * Self.maximumBlockFrames)
    }

    deinit { weighted.deallocate() }

    /// Everything measured up to the last block handed over.
    public var totals: ExposureTotals { published.withLock { $0 } }

    public func process(_ block: UnsafeMutableBufferPointer<Float>) {
        guard let base = block.baseAddress else { return }
        let total = block.count / 2
        var offset = 0
        while offset < total {
            let frames = min(Self.maximumBlockFrames, total - offset)
            weighting.run(UnsafePointer(base + 2 * offset), into: weighted, frames: frames)
            var left = 0.0
            var right = 0.0
            for frame in 0..<frames {
                let l = Double(weighted[2 * frame])
                let r = Double(weighted[2 * frame + 1])
                left += l * l
                right += r * r
            }
            pending.leftEnergy += left
            pending.rightEnergy += right
            pending.frames += frames
            offset += frames
        }
        let add = pending
        let handed = published.withLockIfAvailable { totals -> Bool in
            totals.leftEnergy += add.leftEnergy
            totals.rightEnergy += add.rightEnergy
            totals.frames += add.frames
            return true
        }
        if handed == true { pending = ExposureTotals() }
    }
}
