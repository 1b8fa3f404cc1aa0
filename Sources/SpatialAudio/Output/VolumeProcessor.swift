// Volume in dB as an output processor, ramped over one block when it changes so a change makes no click.

import Foundation

/// Multiplies each ear by a gain. When the gain changes, the block that follows moves from the old to the new
/// gain in a straight line over its frames (a jump would be audible as a click, "zipper noise").
/// The engine's master volume (`SpatialAudioEngine.masterGainDB`) is one of these.
public final class VolumeProcessor: OutputProcessor, @unchecked Sendable {
    // Audio-thread state, per ear: the gain reached at the end of the last block, and where to go next.
    private var currentLeft: Float
    private var currentRight: Float
    private var targetLeft: Float
    private var targetRight: Float

    /// A volume that starts at `gainDB` (no ramp from anywhere else).
    public init(gainDB: Double = 0) {
        let gain = Self.linearGain(decibels: gainDB)
        (currentLeft, currentRight, targetLeft, targetRight) = (gain, gain, gain, gain)
    }

    /// Audio thread only (the engine calls it while applying the game thread's commands): the gain the next
    /// block ramps to.
    func setTarget(left: Float, right: Float) {
        targetLeft = left
        targetRight = right
    }

    public func process(_ block: UnsafeMutableBufferPointer<Float>) {
        let frames = block.count / 2
        guard frames > 0 else { return }
        if currentLeft == targetLeft && currentRight == targetRight {
            if currentLeft == 1 && currentRight == 1 { return }
            for frame in 0..<frames {
                block[2 * frame] *= currentLeft
                block[2 * frame + 1] *= currentRight
            }
            return
        }
        let stepLeft = (targetLeft - currentLeft) / Float(frames)
        let stepRight = (targetRight - currentRight) / Float(frames)
        for frame in 0..<frames {
            let position = Float(frame + 1)
            block[2 * frame] *= currentLeft + stepLeft * position
            block[2 * frame + 1] *= currentRight + stepRight * position
        }
        currentLeft = targetLeft
        currentRight = targetRight
    }

    /// dB to a linear factor; -inf dB is silence.
    static func linearGain(decibels: Double) -> Float {
        decibels == -.infinity ? 0 : Float(pow(10, decibels / 20))
    }
}
