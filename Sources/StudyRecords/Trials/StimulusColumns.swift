// The trials.csv columns that say exactly which stimulus a target was: its file's SHA-256, bandwidth, loudness.

/// What a target's sound was, measured when the session loaded it (`stimulus_sha256`, `stimulus_bandwidth_oct`,
/// `stimulus_loudness_lufs`): the name in `target` can be re-used for another file (a new import, an edited
/// sounds.json), the hash cannot. Stored per sound in session.json (`protocol.stimuli`), so a resumed session's
/// rows carry what its first run measured.
public struct StimulusColumns: Sendable, Equatable, Codable {
    /// SHA-256 (64 lower-case hex digits) of the sound's file as the engine loaded it.
    public var sha256: String
    /// Width of the band holding 90 % of its energy (5 % to 95 % of the power spectrum), octaves.
    public var bandwidthOctaves: Double
    /// Integrated loudness (EBU R 128, libebur128) as it plays — looped for a looping sound — in LUFS; nil when it
    /// has none (shorter than one 400 ms block, or silent).
    public var loudnessLUFS: Double?

    public init(sha256: String, bandwidthOctaves: Double, loudnessLUFS: Double?) {
        self.sha256 = sha256
        self.bandwidthOctaves = bandwidthOctaves
        self.loudnessLUFS = loudnessLUFS
    }

    enum CodingKeys: String, CodingKey {
        case sha256
        case bandwidthOctaves = "bandwidth_oct"
        case loudnessLUFS = "loudness_lufs"
    }
}
