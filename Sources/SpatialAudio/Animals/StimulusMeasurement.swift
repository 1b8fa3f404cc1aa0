// A sound file as a logged stimulus: the SHA-256 of its bytes and its measurements as it plays.
import Foundation
import TidyFormats

/// What a session logs of each target it loads (trials.csv's `stimulus_*` columns): the same measurement
/// `sounds import` makes of a prepared call (`CallMeasurement`, loudness as it loops), so a recorded call's
/// figures in the log equal its `sounds list` line, and a synthesised animal is measured by the same rule.
public struct StimulusMeasurement: Sendable, Equatable {
    /// SHA-256 of the file's bytes (64 lower-case hex digits).
    public let sha256: String
    public let measurement: CallMeasurement

    /// Reads and measures `file`; a looping sound's loudness is the loop's (`CallPreparation.loopLoudness`).
    public static func of(file: URL, looping: Bool) throws -> StimulusMeasurement {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: file)
        } catch {
            throw SpatialAudioError.fileUnreadable(path: file.path, reason: error.localizedDescription)
        }
        let audio = try AudioFileReader.readMono(file)
        var measurement = try CallMeasurement.measure(audio)
        if looping { measurement.loudnessLUFS = try CallPreparation.loopLoudness(audio).integratedLUFS }
        return StimulusMeasurement(sha256: SHA256.hex(bytes), measurement: measurement)
    }
}
