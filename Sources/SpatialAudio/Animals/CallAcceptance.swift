// Which recorded calls are fit for localization, each threshold with the reason it is there.
import Foundation

/// The rules `sounds import` judges a call by. Each one names a way a call would make a bad localization
/// stimulus; the first one a call fails is its rejection reason.
public enum CallAcceptance {
    /// Trimmed and looped (the cross-fade shortens it), a call lasts at least 0.4 s: EBU R 128 measures loudness in 400 ms blocks (a shorter
    /// call cannot be levelled by it), and a shorter loop repeats more than 2.5 times a second, a buzz rather
    /// than a call.
    public static let minimumSeconds = 0.4
    /// At most 0.1 % of samples in flat tops (`CallMeasurement.clippedSamples`): a few isolated flat tops are
    /// the peaks of a recording normalised to full scale; more is a recording driven into clipping, whose
    /// added harmonics are a false spectrum — the cue the ears localize by — that levelling cannot take away.
    public static let maximumClippedFraction = 1e-3
    /// Below this peak (−60 dBFS) a recording holds no call (a few stamps ship silent files).
    public static let silentPeakDBFS = -60.0
    /// At least 15 dB between the recording's loud and quiet frames (`CallMeasurement.snrDB`): with less, its
    /// background (wind, a room, a crowd) is as loud as the call's quiet parts, is played from the animal's
    /// direction as part of it, loops audibly and is levelled up with it.
    public static let minimumSNRDB = 15.0
    /// The band holding 90 % of the energy spans at least one octave: a call narrower than that is nearly a
    /// tone (a cuckoo, an owl's hoot), whose interaural time difference is ambiguous above 1.5 kHz, whose
    /// level difference is small below it and which has no spread of pinna notches to tell front from back; it
    /// would measure the sound more than the player. Calls from one to several octaves are kept, so a study
    /// or a staircase can still choose along bandwidth.
    public static let minimumBandwidthOctaves = 1.0
    /// After levelling to the target, the sample peak is at most −4 dBFS: rendered from the side, the near
    /// ear gets up to about 3 dB more than the mono file (head shadow and pinna gain), and the output ceiling
    /// (−1 dBFS) must not be reached by a call at the game's default volume.
    public static let maximumLevelledPeakDBFS = -4.0

    /// Why the call is unfit, or nil when it is accepted. `source` is the whole recording (its noise floor
    /// and clipping) of `sourceSamples` samples, `loopSeconds` the call's length without its silence, looped,
    /// `levelledPeakDBFS` its sample peak at the target loudness.
    public static func rejection(
        source: CallMeasurement, sourceSamples: Int, loopSeconds: Double, levelledPeakDBFS: Double
    ) -> String? {
        let samples = Double(max(1, sourceSamples))
        if !(source.samplePeakDBFS > silentPeakDBFS) {
            return String(format: "silent: its peak is below %.0f dBFS", silentPeakDBFS)
        }
        // The signal-to-noise ratio first: trimming and the spectrum are measured against the noise floor.
        if source.snrDB < minimumSNRDB {
            let floor = source.floorInPauses == false ? "no pause; its quietest frame" : "noise floor"
            return String(format: "signal-to-noise ratio %.1f dB (", source.snrDB) + floor
                + String(format: " %.1f dBFS); at least %.0f dB", source.noiseFloorDBFS, minimumSNRDB)
        }
        if Double(source.clippedSamples) > maximumClippedFraction * samples {
            return String(
                format: "clipped: %d samples in flat tops at full scale (%.3f %%; at most %.1f %%)",
                source.clippedSamples, 100 * Double(source.clippedSamples) / samples, 100 * maximumClippedFraction)
        }
        if loopSeconds < minimumSeconds {
            return String(format: "lasts %.2f s trimmed and looped; a call needs %.1f s", loopSeconds, minimumSeconds)
        }
        if source.bandwidthOctaves < minimumBandwidthOctaves {
            return String(
                format: "narrow: 90 %% of its energy in %.0f–%.0f Hz (%.1f octaves); at least %.1f octaves",
                source.bandLowHz, source.bandHighHz, source.bandwidthOctaves, minimumBandwidthOctaves)
        }
        if levelledPeakDBFS > maximumLevelledPeakDBFS {
            return String(
                format: "too peaky: levelled to %.0f LUFS its peak would be %.1f dBFS; at most %.0f dBFS",
                CallPreparation.targetLUFS, levelledPeakDBFS, maximumLevelledPeakDBFS)
        }
        return nil
    }
}
