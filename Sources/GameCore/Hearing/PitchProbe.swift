// What the pitch match plays: a pure tone, or narrow-band noise for a patient whose tinnitus sounds like a hiss.
import Foundation

/// The probe of the pitch match, kept in profile.json `tinnitus.probe` (files from before it read as `tone`):
/// a tonal tinnitus is matched best by a tone, a noise-like one by 1/3-octave noise at the same centre.
public enum PitchProbe: String, Sendable, CaseIterable {
    case tone, noise

    /// The band of the noise probe in octaves (a third of an octave, centred on the probe frequency).
    public static let noiseBandOctaves = 1.0 / 3
}
