// The result of measuring a stereo block: level and time differences between the ears.
import Foundation

/// Interaural differences of one stereo block. Signs follow the bearing convention:
/// positive = the right ear is louder / earlier (a source on the right), negative = the left.
public struct InterauralMeasurement: Sendable, Equatable, CustomStringConvertible {
    /// Interaural level difference, right minus left RMS level, in dB.
    public let ildDB: Double
    /// Interaural time difference in output frames: how many frames the left ear lags the right one
    /// at the peak of the cross-correlation (positive = right ear earlier).
    public let itdFrames: Int
    /// `itdFrames` in seconds.
    public let itdSeconds: Double
    /// The normalised cross-correlation at that lag (1 = identical shape in both ears).
    public let correlation: Double
    /// RMS level of each ear in dBFS (-inf for digital silence).
    public let leftLevelDB: Double
    public let rightLevelDB: Double

    public var description: String {
        // Plain panning can leave one ear digitally silent: say so rather than print "inf".
        let ild =
            ildDB.isFinite
            ? (ildDB >= 0 ? "+" : "") + String(format: "%.1f", ildDB)
            : (ildDB > 0 ? "+inf (left ear silent)" : "-inf (right ear silent)")
        let itd = (itdSeconds >= 0 ? "+" : "") + String(format: "%.3f", itdSeconds * 1000)
        return "ILD \(ild) dB, ITD \(itd) ms (\(itdFrames) frames, correlation \(String(format: "%.2f", correlation)))"
    }
}
