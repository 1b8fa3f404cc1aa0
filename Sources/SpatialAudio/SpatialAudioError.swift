// The one error type of SpatialAudio: each case prints one sentence naming the file/HRTF/device and what to do.
import Foundation

/// Everything that can go wrong while loading sounds or running the engine.
/// `description` is a single sentence meant for the user; it names the file, entry or HRTF involved.
public enum SpatialAudioError: Error, CustomStringConvertible, LocalizedError, Equatable {
    case fileNotFound(path: String)
    case fileUnreadable(path: String, reason: String)
    case fileEmpty(path: String)
    case multichannelFile(path: String, channels: Int)
    case fileNotWritable(path: String, reason: String)
    case loopbackUnavailable(reason: String)
    case hrtfUnavailable(status: String)
    case unknownHRTF(name: String, available: [String])
    case hrtfNotUsable(name: String, inUse: String?, usable: [String])
    case openALFailure(operation: String, code: Int32)
    case soundsFolderNotFound(searched: [String])
    case catalogInvalid(path: String, reason: String)
    case catalogEntryInvalid(path: String, entry: String, reason: String)
    case unknownSound(name: String, available: [String])
    case resamplingFailed(from: Int, to: Int, reason: String)
    /// Read aloud without the espeak-ng program.
    case speechUnavailable
    case speechFailed(program: String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "Sound file '\(path)' does not exist: check the path (or the 'file' of its sounds.json entry)."
        case .fileUnreadable(let path, let reason):
            return "Sound file '\(path)' cannot be read (\(reason)): use a WAV, FLAC, OGG/Vorbis, AIFF or CAF file."
        case .fileEmpty(let path):
            return "Sound file '\(path)' contains no audio frames: replace it with a non-empty recording."
        case .multichannelFile(let path, let channels):
            return "Sound file '\(path)' has \(channels) channels, but OpenAL can only position a mono sound: "
                + "save it as mono (`soundsafari render --file` can also mix it down with --downmix)."
        case .fileNotWritable(let path, let reason):
            return "Cannot write audio file '\(path)' (\(reason)): check that the folder exists and is writable."
        case .loopbackUnavailable(let reason):
            return "OpenAL Soft cannot open a 48 kHz stereo float loopback device (\(reason)): "
                + "install OpenAL Soft 1.19 or newer (libopenal1)."
        case .hrtfUnavailable(let status):
            return "OpenAL Soft could not enable HRTF (status: \(status)): install libopenal-data "
                + "(HRTF files in /usr/share/openal/hrtf); only `soundsafari render` can do without (--no-hrtf)."
        case .unknownHRTF(let name, let available):
            let list = available.isEmpty ? "none installed" : available.joined(separator: ", ")
            return "Unknown HRTF '\(name)': choose one of the available HRTFs (\(list))."
        case .hrtfNotUsable(let name, let inUse, let usable):
            let fallback = inUse.map { "OpenAL Soft fell back to '\($0)'" } ?? "OpenAL Soft disabled HRTF"
            let list = usable.isEmpty ? "none" : usable.joined(separator: ", ")
            return "HRTF '\(name)' cannot be used for 48 kHz output (\(fallback)): "
                + "choose an HRTF measured at 48 kHz (usable: \(list))."
        case .openALFailure(let operation, let code):
            return "OpenAL Soft failed in \(operation) (error 0x\(String(code, radix: 16))): "
                + "this is a bug or an unsupported OpenAL build; please report it."
        case .soundsFolderNotFound(let searched):
            return
                "Cannot find the Sounds folder (Sounds/sounds.json); looked in: \(searched.joined(separator: ", ")). "
                + "Pass --sounds DIR or set SOUNDSAFARI_SOUNDS."
        case .catalogInvalid(let path, let reason):
            return "Sound catalog '\(path)' is invalid: \(reason)."
        case .catalogEntryInvalid(let path, let entry, let reason):
            return "Sound catalog '\(path)', entry \(entry): \(reason)."
        case .unknownSound(let name, let available):
            return
                "Unknown sound '\(name)': choose one of \(available.joined(separator: ", ")) (see Sounds/sounds.json)."
        case .resamplingFailed(let from, let to, let reason):
            return "libsoxr could not resample from \(from) Hz to \(to) Hz (\(reason)): "
                + "convert the file to \(to) Hz with another tool and report this."
        case .speechUnavailable:
            return "Read aloud needs the espeak-ng program: ask whoever set up this computer to install the "
                + "Debian package espeak-ng."
        case .speechFailed(let program, let reason):
            return "\(program) could not speak a sentence (\(reason)): check that espeak-ng runs in a terminal."
        }
    }

    public var errorDescription: String? { description }
}
