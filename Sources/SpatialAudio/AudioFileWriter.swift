// Writes interleaved float samples to a file through libsndfile (render output, generated stimuli, test fixtures).
import CSndFile
import Foundation

/// The one audio-file writer of the code base.
public enum AudioFileWriter {
    /// Writes `interleaved` (frames × `channels`) at `sampleRate` in `format`.
    /// PCM formats clip to [-1, 1]; libsndfile's clipping is turned on so overs do not wrap around.
    public static func write(
        _ interleaved: [Float], channels: Int, sampleRate: Int,
        format: AudioFileFormat, to url: URL
    ) throws {
        var info = SF_INFO()
        info.channels = Int32(channels)
        info.samplerate = Int32(sampleRate)
        info.format = format.sndfileFormat
        guard let file = sf_open(url.path, Int32(SFM_WRITE), &info) else {
            throw SpatialAudioError.fileNotWritable(path: url.path, reason: String(cString: sf_strerror(nil)))
        }
        _ = sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        let frames = sf_count_t(interleaved.count / channels)
        let written = interleaved.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, frames) }
        guard written == frames else {
            let reason = String(cString: sf_strerror(file))
            sf_close(file)
            throw SpatialAudioError.fileNotWritable(
                path: url.path, reason: "only \(written) of \(frames) frames were written (\(reason))")
        }
        // The header's final sizes are written on close: a full disk can fail there too.
        let closed = sf_close(file)
        guard closed == 0 else {
            throw SpatialAudioError.fileNotWritable(path: url.path, reason: String(cString: sf_error_number(closed)))
        }
    }

    /// Writes a mono recording.
    public static func write(_ audio: MonoAudio, format: AudioFileFormat, to url: URL) throws {
        try write(audio.samples, channels: 1, sampleRate: audio.sampleRate, format: format, to: url)
    }
}
