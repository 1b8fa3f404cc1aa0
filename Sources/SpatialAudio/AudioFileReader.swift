// Loads any file libsndfile reads (WAV, FLAC, OGG/Vorbis, AIFF, CAF) into mono, rejecting what OpenAL cannot position.
import CSndFile
import Foundation
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Reads sound files with libsndfile. Errors name the file (see `SpatialAudioError`).
public enum AudioFileReader {
    /// Reads `url` into mono. A multichannel file throws `.multichannelFile` unless `downmix` is true,
    /// in which case the channels are averaged (a stereo recording's spatial image is lost either way).
    public static func readMono(_ url: URL, downmix: Bool = false) throws -> MonoAudio {
        let (interleaved, channels, sampleRate) = try readInterleaved(url)
        if channels == 1 { return MonoAudio(samples: interleaved, sampleRate: sampleRate) }
        guard downmix else { throw SpatialAudioError.multichannelFile(path: url.path, channels: channels) }
        let frames = interleaved.count / channels
        var mono = [Float](repeating: 0, count: frames)
        let scale = 1 / Float(channels)
        for frame in 0..<frames {
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
            mono[frame] = sum * scale
        }
        return MonoAudio(samples: mono, sampleRate: sampleRate)
    }

    /// Reads every channel, interleaved, with the channel count and sample rate.
    public static func readInterleaved(_ url: URL) throws -> (samples: [Float], channels: Int, sampleRate: Int) {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw SpatialAudioError.fileNotFound(path: path)
        }
        // A named pipe or device would block sf_open until something writes to it: refuse it (stat follows links).
        do { try RegularFile.check(path) } catch let error as NotARegularFileError {
            throw SpatialAudioError.fileUnreadable(
                path: path, reason: "it is \(error.kind), not a regular file; give a sound file")
        }
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            let reason = String(cString: sf_strerror(nil))
            // libsndfile reports a zero-byte or header-only file as unrecognised; say what it really is.
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size == 0 {
                throw SpatialAudioError.fileEmpty(path: path)
            }
            throw SpatialAudioError.fileUnreadable(path: path, reason: reason)
        }
        defer { sf_close(file) }
        let channels = Int(info.channels)
        guard info.frames > 0, channels > 0 else { throw SpatialAudioError.fileEmpty(path: path) }
        var samples = [Float](repeating: 0, count: Int(info.frames) * channels)
        let read = samples.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, info.frames) }
        if read <= 0 {
            throw SpatialAudioError.fileUnreadable(path: path, reason: "no frame could be decoded")
        }
        if read < info.frames { samples.removeLast((Int(info.frames) - Int(read)) * channels) }
        return (samples, channels, Int(info.samplerate))
    }
}
