// Volume in dB as an output processor, ramped over a fixed number of frames when it changes so a change makes no click.

import Foundation

/// Multiplies each ear by a gain. When the gain changes, it moves from the old to the new gain in a straight
/// line over `rampFrames` frames (10.7 ms at 48 kHz), continued across blocks whatever their size: a jump would
/// be audible as a click ("zipper noise"), and a ramp as short as a small block would be nearly one.
/// The engine's master volume (`SpatialAudioEngine.masterGainDB`) is one of these.
// @unchecked: every `var` is the audio thread's; a new gain reaches it as an engine command (`setTarget` inside `render`).
public final class VolumeProcessor: OutputProcessor, @unchecked Sendable {
    /// The length of every gain change.
    public static let rampFrames = 512

    // Audio-thread state, per ear: the gain now, where it is going, its step per frame and the frames left.
    private var currentLeft: Float
    private var currentRight: Float
    private var targetLeft: Float
    private var targetRight: Float
    private var stepLeft: Float = 0
    private var stepRight: Float = 0
    private var framesLeft = 0

    /// A volume that starts at `gainDB` (no ramp from anywhere else).
    public init(gainDB: Double = 0) {
        let gain = Self.linearGain(decibels: gainDB)
        (currentLeft, currentRight, targetLeft, targetRight) = (gain, gain, gain, gain)
    }

    /// Audio thread only (the engine calls it while applying the game thread's commands): the gain to ramp to,
    /// from wherever the gain is now (a change during a ramp starts a new ramp from there).
    func setTarget(left: Float, right: Float) {
        guard left != targetLeft || right != targetRight else { return }
        targetLeft = left
        targetRight = right
        stepLeft = (targetLeft - currentLeft) / Float(Self.rampFrames)
        stepRight = (targetRight - currentRight) / Float(Self.rampFrames)
        framesLeft = Self.rampFrames
    }

    public func process(_ block: UnsafeMutableBufferPointer<Float>) {
        let frames = block.count / 2
        guard frames > 0 else { return }
        var frame = 0
        while framesLeft > 0 && frame < frames {
            framesLeft -= 1
            if framesLeft == 0 {
                (currentLeft, currentRight) = (targetLeft, targetRight)
            } else {
                currentLeft += stepLeft
                currentRight += stepRight
            }
            block[2 * frame] *= currentLeft
            block[2 * frame + 1] *= currentRight
            frame += 1
        }
        if frame == frames || (currentLeft == 1 && currentRight == 1) { return }
        for rest in frame..<frames {
            block[2 * rest] *= currentLeft
            block[2 * rest + 1] *= currentRight
        }
    }

    /// dB to a linear factor; -inf dB is silence.
    static func linearGain(decibels: Double) -> Float {
        decibels == -.infinity ? 0 : Float(pow(10, decibels / 20))
    }
}
