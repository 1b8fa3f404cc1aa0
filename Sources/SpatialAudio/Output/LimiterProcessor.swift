// The last processor of the output stage: no sample ever leaves the engine above the ceiling.
import Foundation
import Synchronization

/// A stereo-linked peak limiter with no added latency. For each block it computes the gain every frame needs
/// to stay under the ceiling, lets the gain fall towards a peak over up to `attackFrames` frames inside the
/// block (a look-ahead within the block, so nothing is delayed), and recovers with a `releaseSeconds` time
/// constant. Both ears get the same gain, so the interaural level difference is kept. A final clamp catches
/// float rounding: the ceiling holds for any volume, gain or number of sources. Blocks in which the gain was
/// below 1 anywhere are counted (`limitedBlocks`) and logged in session.json.
// @unchecked: `gain` and `required` are the audio thread's; the game thread reads only the atomic `counter`.
public final class LimiterProcessor: OutputProcessor, @unchecked Sendable {
    static let attackFrames = 48
    static let releaseSeconds = 0.1
    static let maximumBlockFrames = 4096

    public let ceilingDBFS: Double
    private let ceiling: Float
    private let releaseCoefficient: Float
    private var gain: Float = 1
    private let required: UnsafeMutablePointer<Float>
    private let counter = Atomic<Int>(0)

    /// `ceilingDBFS` must be at most 0 dBFS.
    public init(ceilingDBFS: Double = -1, sampleRate: Double = 48_000) {
        precondition(ceilingDBFS <= 0, "the ceiling is at most full scale")
        self.ceilingDBFS = ceilingDBFS
        ceiling = Float(pow(10, ceilingDBFS / 20))
        releaseCoefficient = Float(1 - exp(-1 / (Self.releaseSeconds * sampleRate)))
        required = .allocate(capacity: Self.maximumBlockFrames)
        required.initialize(repeating: 1, count: Self.maximumBlockFrames)
    }

    deinit { required.deallocate() }

    /// Blocks (as the audio callback asked for them) in which the limiter lowered the level.
    public var limitedBlocks: Int { counter.load(ordering: .relaxed) }

    public func process(_ block: UnsafeMutableBufferPointer<Float>) {
        guard let base = block.baseAddress else { return }
        var limited = false
        var offset = 0
        let total = block.count / 2
        while offset < total {
            let frames = min(Self.maximumBlockFrames, total - offset)
            limited = processChunk(base + 2 * offset, frames: frames) || limited
            offset += frames
        }
        if limited { counter.add(1, ordering: .relaxed) }
    }

    private func processChunk(_ block: UnsafeMutablePointer<Float>, frames: Int) -> Bool {
        var needsLimiting = false
        for frame in 0..<frames {
            let peak = max(abs(block[2 * frame]), abs(block[2 * frame + 1]))
            let need: Float = peak > ceiling ? ceiling / peak : 1
            required[frame] = need
            if need < 1 { needsLimiting = true }
        }
        if !needsLimiting && gain == 1 { return false }
        // Backwards: the gain may fall by at most 1/attackFrames per frame on its way down to a peak.
        let attackStep = 1 / Float(Self.attackFrames)
        var next: Float = 1
        for frame in stride(from: frames - 1, through: 0, by: -1) {
            next = min(required[frame], next + attackStep)
            required[frame] = next
        }
        // Forwards: release towards 1, never above what the frame needs.
        var limited = false
        for frame in 0..<frames {
            gain = min(required[frame], gain + (1 - gain) * releaseCoefficient)
            if gain < 1 { limited = true }
            for channel in 0..<2 {
                let index = 2 * frame + channel
                block[index] = min(ceiling, max(-ceiling, block[index] * gain))
            }
        }
        if gain > 0.99999 { gain = 1 }
        return limited
    }
}
