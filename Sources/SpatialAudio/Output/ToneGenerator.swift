// Pure tones for the hearing test and the pitch match, added to one ear (or both) in the output stage.
import Foundation
import Synchronization

/// Adds a sine to the rendered block: to one ear only, which HRTF rendering cannot do (a source hard left still
/// reaches the right ear). Tones start and stop with 20 ms raised-cosine ramps, so they do not click (a click is
/// broadband and would be heard at other frequencies). The level is the sine's RMS in dBFS before the volume.
public final class ToneGenerator: OutputProcessor, @unchecked Sendable {
    public enum Ears: Sendable { case left, right, both }

    struct Tone {
        var frequencyHz: Double
        var amplitude: Double
        var ears: Ears
    }

    static let rampSeconds = 0.02
    private let sampleRate: Double
    private let pending = Mutex<(tone: Tone?, changed: Bool)>((nil, false))
    // Audio-thread state.
    private var playing: Tone?
    private var next: Tone?
    private var phase = 0.0
    private var envelope = 0.0

    public init(sampleRate: Double = 48_000) { self.sampleRate = sampleRate }

    /// Game thread: starts (or changes) the tone; nil fades it out.
    public func play(frequencyHz: Double, levelDBFS: Double, ears: Ears) {
        let tone = Tone(frequencyHz: frequencyHz, amplitude: pow(10, levelDBFS / 20) * 2.0.squareRoot(), ears: ears)
        pending.withLock { $0 = (tone, true) }
    }

    public func stop() { pending.withLock { $0 = (nil, true) } }

    public func process(_ block: UnsafeMutableBufferPointer<Float>) {
        if let update = pending.withLockIfAvailable({ slot -> (Tone?, Bool) in
            defer { slot.changed = false }
            return (slot.tone, slot.changed)
        }), update.1 {
            next = update.0
            if playing == nil { playing = next }
        }
        guard playing != nil else { return }
        let step = 1 / (Self.rampSeconds * sampleRate)
        for frame in 0..<(block.count / 2) {
            guard let tone = playing else { return }
            // Fade in towards a wanted tone, out when it is to stop or change, then switch.
            let wanted =
                next.map {
                    $0.frequencyHz == tone.frequencyHz && $0.amplitude == tone.amplitude && $0.ears == tone.ears
                } ?? false
            envelope = wanted ? min(1, envelope + step) : max(0, envelope - step)
            if envelope == 0 && !wanted {
                playing = next
                phase = 0
                continue
            }
            let gain = 0.5 - 0.5 * cos(Double.pi * envelope)
            let sample = Float(tone.amplitude * gain * sin(phase))
            phase += 2 * Double.pi * tone.frequencyHz / sampleRate
            if phase > 2 * Double.pi { phase -= 2 * Double.pi }
            if tone.ears != .right { block[2 * frame] += sample }
            if tone.ears != .left { block[2 * frame + 1] += sample }
        }
    }
}
