// Measures what a listener's ears get from a rendered stereo block: ILD (dB) and ITD (cross-correlation lag).
import Foundation

/// Pure measurement over interleaved stereo float samples, used by the tests, `render` and the
/// simulated listener bot: it hears only the rendered sound, never the positions that were set.
public enum InterauralMeter {
    /// Largest ITD searched for: a human head gives at most about 0.7 ms; 1 ms leaves margin.
    public static let defaultMaximumLagSeconds = 0.001

    /// Measures `interleaved` (left, right, left, …) at `sampleRate`.
    /// ITD is the lag, within ±`maximumLagSeconds`, that maximises the cross-correlation between the ears.
    public static func measure(
        interleaved: [Float], sampleRate: Int = SpatialAudioEngine.sampleRate,
        maximumLagSeconds: Double = defaultMaximumLagSeconds
    ) -> InterauralMeasurement {
        let frames = interleaved.count / 2
        var left = [Double](repeating: 0, count: frames)
        var right = [Double](repeating: 0, count: frames)
        for frame in 0..<frames {
            left[frame] = Double(interleaved[2 * frame])
            right[frame] = Double(interleaved[2 * frame + 1])
        }
        return measure(left: left, right: right, sampleRate: sampleRate, maximumLagSeconds: maximumLagSeconds)
    }

    /// Measures separate left and right channels of equal length.
    public static func measure(
        left: [Double], right: [Double], sampleRate: Int = SpatialAudioEngine.sampleRate,
        maximumLagSeconds: Double = defaultMaximumLagSeconds
    ) -> InterauralMeasurement {
        precondition(left.count == right.count, "both ears need the same number of frames")
        let leftEnergy = left.reduce(0) { $0 + $1 * $1 }
        let rightEnergy = right.reduce(0) { $0 + $1 * $1 }
        let count = Double(max(1, left.count))
        let leftDB = decibels(leftEnergy / count)
        let rightDB = decibels(rightEnergy / count)
        let ild = (leftEnergy == 0 && rightEnergy == 0) ? 0 : rightDB - leftDB

        // correlation(lag) = Σ right[n] · left[n + lag]: a positive best lag means the left ear hears later.
        let maximumLag = max(0, Int((maximumLagSeconds * Double(sampleRate)).rounded()))
        var bestLag = 0
        var best = -Double.infinity
        left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                for lag in -maximumLag...maximumLag {
                    let start = max(0, -lag)
                    let end = min(r.count, l.count - lag)
                    var sum = 0.0
                    if start < end { for n in start..<end { sum += r[n] * l[n + lag] } }
                    if sum > best || (sum == best && abs(lag) < abs(bestLag)) {
                        best = sum
                        bestLag = lag
                    }
                }
            }
        }
        let normaliser = (leftEnergy * rightEnergy).squareRoot()
        let correlation = normaliser > 0 ? best / normaliser : 0
        return InterauralMeasurement(
            ildDB: ild, itdFrames: bestLag, itdSeconds: Double(bestLag) / Double(sampleRate),
            correlation: correlation, leftLevelDB: leftDB, rightLevelDB: rightDB)
    }

    private static func decibels(_ meanSquare: Double) -> Double {
        meanSquare > 0 ? 10 * log10(meanSquare) : -.infinity
    }
}
