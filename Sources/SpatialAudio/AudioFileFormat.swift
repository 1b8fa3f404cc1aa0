// The audio containers SoundSafari reads and writes through libsndfile, with their libsndfile format codes.
import CSndFile

/// A container + sample encoding libsndfile can write. Reading accepts anything libsndfile reads.
public enum AudioFileFormat: String, CaseIterable, Sendable {
    case wavPCM16, wavFloat, flac, oggVorbis, aiff, caf

    /// The usual file extension, used by tests and the generator.
    public var fileExtension: String {
        switch self {
        case .wavPCM16, .wavFloat: return "wav"
        case .flac: return "flac"
        case .oggVorbis: return "ogg"
        case .aiff: return "aiff"
        case .caf: return "caf"
        }
    }

    var sndfileFormat: Int32 {
        switch self {
        case .wavPCM16: return Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        // Plain WAVE_FORMAT_IEEE_FLOAT (libsndfile writes no cbSize, so sox prints a harmless header warning).
        case .wavFloat: return Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)
        case .flac: return Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .oggVorbis: return Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .aiff: return Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16)
        case .caf: return Int32(SF_FORMAT_CAF | SF_FORMAT_PCM_16)
        }
    }
}
