// Turns a recorded call into a stimulus: leading and trailing silence trimmed, a click-free loop, one loudness.
import Foundation

/// The steps `sounds import` applies to an accepted call, in order: `trim`, `loop`, `level`.
public enum CallPreparation {
    /// The loudness every accepted call is levelled to. EBU R 128's −23 LUFS, which the synthesised frog and
    /// blue jay (−24 dBFS active RMS) also measure within about a decibel of, so recorded and synthesised
    /// animals sound equally loud and keep the same headroom under the output ceiling.
    public static let targetLUFS = -23.0
    /// 10 ms frames: fine enough to cut close to a call's onset without cutting into it.
    static let trimFrameSeconds = 0.01
    /// A frame belongs to the call when it is within 50 dB of the loudest frame and 10 dB above the noise floor:
    /// the quiet tail of a call (reverberation, a decaying hoot) is kept, the recording's background is not.
    static let trimBelowLoudestDB = 50.0
    static let trimAboveFloorDB = 10.0
    /// The longest cross-fade at the loop point (100 ms, at most a quarter of the call): long enough that
    /// the joint has no step, short enough not to blur the call's own rhythm.
    static let crossFadeSeconds = 0.1

    /// The call without its leading and trailing background (one 10 ms frame of margin each side).
    public static func trim(_ audio: MonoAudio, noiseFloorDBFS: Double) -> MonoAudio {
        let frame = max(1, Int(Double(audio.sampleRate) * trimFrameSeconds))
        let levels = stride(from: 0, to: audio.samples.count, by: frame).map { start -> Double in
            let end = min(audio.samples.count, start + frame)
            var energy = 0.0
            for index in start..<end { energy += Double(audio.samples[index] * audio.samples[index]) }
            return 10 * log10(max(energy / Double(end - start), 1e-30))
        }
        guard let loudest = levels.max() else { return audio }
        let threshold = max(loudest - trimBelowLoudestDB, noiseFloorDBFS + trimAboveFloorDB)
        guard let first = levels.firstIndex(where: { $0 >= threshold }),
            let last = levels.lastIndex(where: { $0 >= threshold })
        else { return audio }
        let start = max(0, first - 1) * frame
        let end = min(audio.samples.count, (last + 2) * frame)
        return MonoAudio(samples: Array(audio.samples[start..<end]), sampleRate: audio.sampleRate)
    }

    /// The call as a loop: its last `fade` samples are cross-faded (equal power) into its first ones and
    /// dropped from the end, so sample N−1 of the result is followed, when it loops, by what followed it in
    /// the recording. The result is `fade` samples shorter.
    public static func loop(_ audio: MonoAudio) -> MonoAudio {
        let count = audio.samples.count
        let fade = min(Int(Double(audio.sampleRate) * crossFadeSeconds), count / 4)
        guard fade > 1 else { return audio }
        var samples = Array(audio.samples[0..<(count - fade)])
        for index in 0..<fade {
            let phase = (Double(index) + 0.5) / Double(fade) * Double.pi / 2
            let tail = audio.samples[count - fade + index]
            samples[index] = Float(sin(phase)) * samples[index] + Float(cos(phase)) * tail
        }
        return MonoAudio(samples: samples, sampleRate: audio.sampleRate)
    }

    /// The audio scaled so its integrated loudness is `targetLUFS`; audio without one (shorter than a 400 ms
    /// block, or silent) cannot be levelled and throws.
    public static func level(_ audio: MonoAudio, to targetLUFS: Double = targetLUFS) throws -> MonoAudio {
        let loudness = try loopLoudness(audio).integratedLUFS
        guard loudness.isFinite else { throw LoudnessError.noIntegratedLoudness(seconds: audio.durationSeconds) }
        let gain = Float(pow(10, (targetLUFS - loudness) / 20))
        return MonoAudio(samples: audio.samples.map { $0 * gain }, sampleRate: audio.sampleRate)
    }

    /// The loudness of `audio` as it plays looping: measured over at least 3 s of repetitions, so a call shorter
    /// than a few 400 ms blocks is measured whole and with its joint, as the player hears it.
    public static func loopLoudness(_ audio: MonoAudio) throws -> Loudness {
        guard !audio.samples.isEmpty else { return try Loudness.measure(audio) }
        let repeats = max(1, Int((3 * Double(audio.sampleRate) / Double(audio.samples.count)).rounded(.up)))
        let looped = [[Float]](repeating: audio.samples, count: repeats).flatMap { $0 }
        return try Loudness.measure(MonoAudio(samples: looped, sampleRate: audio.sampleRate))
    }
}
