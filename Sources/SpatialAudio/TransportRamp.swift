// A source's fade for click-free transport: start, pause, resume and stop ramp over 5 ms (raised cosine).
import Foundation

/// Audio-side fade state of one source. The phase runs linearly from 0 (silent) to 1 (full) over
/// `frames`; the gain factor is the raised cosine of the phase, 0.5 − 0.5 · cos(π · phase), whose spectrum
/// falls off fast enough that a fade is heard as a fade, not a click (a cut's transient is broadband).
struct TransportRamp {
    /// 5 ms at 48 kHz: short enough to feel immediate, long enough to be click-free.
    static let frames = 240
    /// The block is mixed in pieces this long while a fade runs (the gain is updated between pieces).
    static let pieceFrames = 16

    enum After { case none, pause, stop }

    var phase: Float = 1
    var target: Float = 1
    /// What to do when a fade-out reaches silence.
    var after = After.none

    var factor: Float { 0.5 - 0.5 * cos(Float.pi * phase) }
    var isMoving: Bool { phase != target }
    var isSilentAndWaiting: Bool { after != .none && phase == 0 }

    /// A start from the beginning fades in from silence; a resume or a cancelled fade-out from where it is.
    mutating func fadeIn(restart: Bool) {
        if restart { phase = 0 }
        target = 1
        after = .none
    }

    mutating func fadeOut(then action: After) {
        target = 0
        after = action
    }

    mutating func advance(frames: Int) {
        let step = Float(frames) / Float(Self.frames)
        phase = target > phase ? min(target, phase + step) : max(target, phase - step)
    }
}
