// Fits a SOFA data set to the game's horizontal circle at the output rate: minimum-phase filters + ear delays.
import Foundation

/// An HRTF on a regular clockwise azimuth grid in the horizontal plane, ready to be written as an MHR.
///
/// How it is made from the SOFA measurements (`soundsafari hrtf import`):
/// 1. The horizontal plane is the measured elevation nearest 0° (at most ±10°), at the distance measured most
///    often there; its azimuths must leave no gap above 30°.
/// 2. Each response is resampled to the output rate with libsoxr (`Resampler`).
/// 3. Each ear's response becomes a minimum-phase filter of `filterLength` taps; the interaural delay is
///    the cross-correlation lag of the measured pair minus that of the minimum-phase pair (sub-sample),
///    so the rendered ITD equals the measured one; the earlier ear gets no delay.
/// 4. Grid azimuths between two measurements blend the two filters and delays linearly (as OpenAL does).
/// 5. Level policy: one gain for the whole set (directional level differences and ILDs stay as measured),
///    chosen so that the loudest ear, direction and frequency has a gain of exactly 0 dB: a full-scale sine
///    never leaves the HRTF louder than it went in, and every coefficient fits the file's 24-bit range.
struct HorizontalHRTF {
    static let filterLength = 128
    static let azimuthCount = 72

    var sampleRate: Int
    /// Measurement distance in metres.
    var distance: Double
    /// Per grid azimuth (clockwise, 360° · index / count): left and right minimum-phase filters.
    var left: [[Double]]
    var right: [[Double]]
    /// Per grid azimuth: interaural delay in samples, positive = left ear later.
    var interauralDelay: [Double]
    /// The measured elevation used, and how many measurements fed the grid.
    var elevation: Double
    var measurementCount: Int
    /// The common gain applied by the level policy, in dB.
    var normalisationDB: Double

    init(fitting sofa: SOFAMeasurements, path: String, sampleRate: Int) throws {
        let plane = try Self.horizontalPlane(sofa, path: path)
        self.sampleRate = sampleRate
        self.elevation = plane.elevation
        self.distance = plane.distance
        self.measurementCount = plane.measurements.count
        let maximumLag = Int((0.0015 * Double(sampleRate)).rounded())
        // Clockwise azimuth (the game's bearing), minimum-phase filters and delay for each measurement.
        var points: [(azimuth: Double, left: [Double], right: [Double], delay: Double)] = []
        for measurement in plane.measurements {
            let left = try Resampler.resample(measurement.left, from: sofa.sampleRate, to: sampleRate)
            let right = try Resampler.resample(measurement.right, from: sofa.sampleRate, to: sampleRate)
            let minimumLeft = MinimumPhase.filter(left, length: Self.filterLength)
            let minimumRight = MinimumPhase.filter(right, length: Self.filterLength)
            let measured = MinimumPhase.interauralLag(left: left, right: right, maximumLag: maximumLag)
            let residual = MinimumPhase.interauralLag(
                left: minimumLeft, right: minimumRight, maximumLag: maximumLag)
            let clockwise = (360 - measurement.azimuth).truncatingRemainder(dividingBy: 360)
            points.append(
                (
                    (clockwise + 360).truncatingRemainder(dividingBy: 360), minimumLeft, minimumRight,
                    measured - residual
                ))
        }
        points.sort { $0.azimuth < $1.azimuth }

        var left: [[Double]] = []
        var right: [[Double]] = []
        var delays: [Double] = []
        for index in 0..<Self.azimuthCount {
            let azimuth = 360 * Double(index) / Double(Self.azimuthCount)
            // The measurement at or before this azimuth and the next one, around the circle.
            let upper = points.firstIndex { $0.azimuth > azimuth + 1e-6 } ?? 0
            let lower = (upper - 1 + points.count) % points.count
            var span = points[upper].azimuth - points[lower].azimuth
            if span <= 0 { span += 360 }
            var offset = azimuth - points[lower].azimuth
            if offset < 0 { offset += 360 }
            let weight = abs(offset) < 1e-6 ? 0 : offset / span
            func blend(_ a: [Double], _ b: [Double]) -> [Double] {
                zip(a, b).map { (1 - weight) * $0 + weight * $1 }
            }
            left.append(blend(points[lower].left, points[upper].left))
            right.append(blend(points[lower].right, points[upper].right))
            delays.append((1 - weight) * points[lower].delay + weight * points[upper].delay)
        }

        let peak = (left + right).map(Self.peakGain).max() ?? 1
        let gain = peak > 0 ? 1 / peak : 1
        let largestTap = (left + right).flatMap { $0 }.map(abs).max() ?? 0
        let scale = min(gain, largestTap > 0 ? 0.999 / largestTap : gain)
        self.left = left.map { $0.map { $0 * scale } }
        self.right = right.map { $0.map { $0 * scale } }
        self.interauralDelay = delays
        self.normalisationDB = 20 * log10(scale)
    }

    /// The largest magnitude of `filter`'s frequency response.
    static func peakGain(_ filter: [Double]) -> Double {
        var real = filter + [Double](repeating: 0, count: 1024 - filter.count)
        var imaginary = [Double](repeating: 0, count: 1024)
        FFT.transform(real: &real, imaginary: &imaginary)
        return (0...512).map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }.max() ?? 0
    }

    private static func horizontalPlane(_ sofa: SOFAMeasurements, path: String) throws
        -> (elevation: Double, distance: Double, measurements: [SOFAMeasurements.Measurement])
    {
        let closest = sofa.measurements.map(\.elevation).min { abs($0) < abs($1) }
        guard let elevation = closest, abs(elevation) <= 10 else {
            throw HRTFImportError.noHorizontalPlane(path: path, closestElevation: closest.map(abs))
        }
        let ring = sofa.measurements.filter { abs($0.elevation - elevation) < 0.01 }
        // Several distances: the one measured most often (then the farthest, the closest to free field).
        var counts: [Double: Int] = [:]
        for measurement in ring { counts[(measurement.distance * 1000).rounded() / 1000, default: 0] += 1 }
        let distance = counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 1
        var byAzimuth: [Double: SOFAMeasurements.Measurement] = [:]
        for measurement in ring where abs(measurement.distance - distance) < 0.001 {
            let azimuth = ((measurement.azimuth.truncatingRemainder(dividingBy: 360)) + 360)
                .truncatingRemainder(dividingBy: 360)
            byAzimuth[(azimuth * 1000).rounded() / 1000] = measurement
        }
        let azimuths = byAzimuth.keys.sorted()
        let gaps = azimuths.indices.map { index -> Double in
            index + 1 < azimuths.count ? azimuths[index + 1] - azimuths[index] : azimuths[0] + 360 - azimuths[index]
        }
        let largest = gaps.max() ?? 360
        guard largest <= 30 else { throw HRTFImportError.tooSparse(path: path, largestGapDegrees: largest) }
        return (elevation, distance, azimuths.compactMap { byAzimuth[$0] })
    }
}
