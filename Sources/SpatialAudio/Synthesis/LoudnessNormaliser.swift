// Levels stimuli against each other: the RMS over the sounding parts (10 ms windows near the loudest) hits a target.
import Foundation
import GameCore

/// "Active RMS": the RMS of the 10 ms windows no more than 40 dB below the loudest window. Silent gaps
/// between calls do not count, so a frog with pauses and a continuous ambience are comparable.
enum LoudnessNormaliser {
    static func activeRMSDecibels(_ signal: [Double], sampleRate: Double) -> Double {
        let window = max(1, Int(sampleRate / 100))
        let energies = stride(from: 0, to: signal.count, by: window).map { start -> Double in
            let slice = signal[start..<min(signal.count, start + window)]
            return slice.reduce(0) { $0 + $1 * $1 } / Double(slice.count)
        }
        guard let loudest = energies.max(), loudest > 0 else { return -.infinity }
        let active = energies.filter { $0 >= loudest * 1e-4 }
        return 10 * log10(active.reduce(0, +) / Double(active.count))
    }

    /// Scales `signal` so its active RMS is `targetDB` dBFS.
    static func normalise(_ signal: [Double], toActiveRMS targetDB: Double, sampleRate: Double) -> [Double] {
        let current = activeRMSDecibels(signal, sampleRate: sampleRate)
        guard current.isFinite else { return signal }
        let scale = pow(10, (targetDB - current) / 20)
        return signal.map { $0 * scale }
    }

    static func peakDecibels(_ signal: [Double]) -> Double {
        let peak = signal.map(abs).max() ?? 0
        return peak > 0 ? 20 * log10(peak) : -.infinity
    }
}
