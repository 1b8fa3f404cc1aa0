// Where a sound becomes audible: its first sample above −60 dB re its own peak (leading silence excluded).
import Foundation

/// The reaction-time onset rule (docs/LOG-FORMAT.md, `onset_frame`): a file's leading silence or room noise
/// is not part of the stimulus, so its onset is the first sample whose magnitude reaches
/// `thresholdDB` relative to the file's peak.
public enum FirstAudibleSample {
    /// −60 dB re peak: far below any call's attack, well above dither and codec noise floors.
    public static let thresholdDB = -60.0

    /// Index of the first sample with |x| ≥ peak · 10^(thresholdDB / 20); 0 for an all-zero signal.
    public static func index(in samples: [Float]) -> Int {
        let peak = samples.reduce(Float(0)) { max($0, abs($1)) }
        guard peak > 0 else { return 0 }
        let threshold = peak * Float(pow(10, thresholdDB / 20))
        return samples.firstIndex { abs($0) >= threshold } ?? 0
    }
}
