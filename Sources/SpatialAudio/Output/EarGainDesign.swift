// One ear's gain curve from the audiogram: peaking filters at the audiogram frequencies, fitted to the prescribed gains.
import Foundation

/// Prescribed gains (dB at given frequencies) as a cascade of peaking equalisers. The curve between the given
/// frequencies is the prescription interpolated on a log-frequency axis, and beyond them it is held (up to an
/// octave below the lowest and above the highest), so the bands are the given frequencies plus points between
/// and beyond them. Neighbouring bands overlap, so the band gains are solved (Newton's method on the cascade's
/// real response) until the response at every band is within 0.05 dB of the curve.
public enum EarGainDesign {
    /// `gains` maps frequency in Hz to gain in dB; an empty or all-zero prescription is no filter at all.
    static let bandwidthPerSpacing = 1.6

    public static func sections(gains: [Double: Double], sampleRate: Double) -> [SecondOrderSection] {
        let given = gains.filter { $0.key > 0 && $0.key < sampleRate / 2 }
        guard given.values.contains(where: { $0 != 0 }) else { return [] }
        let (frequencies, targets) = grid(given, sampleRate: sampleRate)
        let count = frequencies.count + 2
        // Where the shelves are fitted: an octave beyond the ends, inside the audible band.
        let lowPoint = max(20, frequencies.first! / 2)
        let highPoint = min(0.9 * sampleRate / 2, frequencies.last! * 2)
        let fitFrequencies = [lowPoint] + frequencies + [highPoint]
        let fitTargets = [targets.first!] + targets + [targets.last!]
        // Each band is `bandwidthPerSpacing` times as wide as the distance to its nearer neighbour: narrower bands
        // leave dips between them, wider ones make the fit ill-conditioned.
        let qs = frequencies.indices.map { index -> Double in
            var spacing = 1.0
            if index > 0 { spacing = min(spacing, log2(frequencies[index] / frequencies[index - 1])) }
            if index + 1 < frequencies.count {
                spacing = min(spacing, log2(frequencies[index + 1] / frequencies[index]))
            }
            let ratio = pow(2, Self.bandwidthPerSpacing * max(spacing, 0.1))
            return ratio.squareRoot() / (ratio - 1)
        }
        // Parameters: the low shelf's gain, each band's, the high shelf's.
        func cascade(_ bandGains: [Double]) -> [SecondOrderSection] {
            [
                .shelf(
                    low: true, frequency: frequencies.first!, gainDB: bandGains[0],
                    sampleRate: sampleRate)
            ]
                + frequencies.indices.map {
                    .peaking(frequency: frequencies[$0], gainDB: bandGains[$0 + 1], q: qs[$0], sampleRate: sampleRate)
                }
                + [
                    .shelf(
                        low: false, frequency: frequencies.last!, gainDB: bandGains[count - 1],
                        sampleRate: sampleRate)
                ]
        }
        func response(_ bandGains: [Double]) -> [Double] {
            let sections = cascade(bandGains)
            return fitFrequencies.map { sections.responseDB(at: $0, sampleRate: sampleRate) }
        }

        var bandGains = [0.0] + targets + [0.0]
        for _ in 0..<12 {
            let current = response(bandGains)
            let error = zip(fitTargets, current).map { $0 - $1 }
            if error.allSatisfy({ abs($0) < 0.05 }) { break }
            // Jacobian by finite differences: d response(f_i) / d gain_j.
            let step = 0.1
            var jacobian = [[Double]](repeating: [Double](repeating: 0, count: count), count: count)
            for column in 0..<count {
                var nudged = bandGains
                nudged[column] += step
                let moved = response(nudged)
                for row in 0..<count { jacobian[row][column] = (moved[row] - current[row]) / step }
            }
            guard let delta = solve(jacobian, error) else { break }
            bandGains = zip(bandGains, delta).map { $0 + $1 }
        }
        return cascade(bandGains)
    }

    /// The band frequencies and the gain curve there: the given points and points between them at most half an
    /// octave apart (shelves beyond the ends hold the end gains).
    static func grid(_ given: [Double: Double], sampleRate: Double) -> (frequencies: [Double], gains: [Double]) {
        let known = given.keys.sorted()
        var frequencies = known
        for (low, high) in zip(known, known.dropFirst()) {
            let octaves = log2(high / low)
            let steps = Int((octaves / 0.5).rounded(.up))
            for step in stride(from: 1, to: steps, by: 1) {
                frequencies.append(low * pow(2, octaves * Double(step) / Double(steps)))
            }
        }
        let usable = frequencies.filter { $0 >= 20 && $0 <= 0.85 * sampleRate / 2 }.sorted()
        return (usable, usable.map { Self.interpolate(given, at: $0) })
    }

    /// Linear on log₂(frequency) between given points, held beyond them.
    static func interpolate(_ points: [Double: Double], at frequency: Double) -> Double {
        let sorted = points.sorted { $0.key < $1.key }
        if frequency <= sorted.first!.key { return sorted.first!.value }
        if frequency >= sorted.last!.key { return sorted.last!.value }
        let upper = sorted.firstIndex { $0.key >= frequency }!
        let (low, high) = (sorted[upper - 1], sorted[upper])
        return low.value + (high.value - low.value) * log2(frequency / low.key) / log2(high.key / low.key)
    }

    /// Gaussian elimination with partial pivoting; nil for a singular system.
    static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix
        var b = vector
        let n = b.count
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            let sum = ((row + 1)..<n).reduce(b[row]) { $0 - a[row][$1] * x[$1] }
            x[row] = sum / a[row][row]
        }
        return x
    }
}
