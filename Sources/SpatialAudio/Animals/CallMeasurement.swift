// What a recorded call is, measured: loudness, peaks, length, spectrum (centroid, 90 % band), noise floor and clipping.
import Foundation

/// The measurements `sounds import` keeps for every call and judges it by (`CallAcceptance`). Levels are dBFS
/// of the file's samples; frequencies Hz.
public struct CallMeasurement: Sendable, Equatable, Codable {
    /// Integrated loudness (EBU R 128, libebur128), LUFS.
    public var loudnessLUFS: Double
    public var samplePeakDBFS: Double
    public var truePeakDBTP: Double
    public var durationSeconds: Double
    /// The power-weighted mean frequency of the call's spectrum.
    public var spectralCentroidHz: Double
    /// The band holding 90 % of the call's energy: from the frequency below which 5 % lies to the one above
    /// which 5 % lies.
    public var bandLowHz: Double
    public var bandHighHz: Double
    /// The recording's background: the 5th percentile of the 20 ms frames' RMS, measured in its pauses. A
    /// recording without a pause (cut at a continuous call's start or end: every one of its quietest frames lies
    /// in the rise that opens it or the fall that closes it) holds no background to measure; the background is
    /// then below its quietest frame, which is taken as the floor (`floorInPauses` false, `snrDB` a lower bound).
    public var noiseFloorDBFS: Double
    /// Whether `noiseFloorDBFS` was measured in pauses (nil in a library imported before this was recorded).
    public var floorInPauses: Bool?
    /// The 95th percentile of the 20 ms frames' RMS over the noise floor.
    public var snrDB: Double
    /// Samples in runs of three or more at or within 0.1 dB of full scale: the flat tops of a clipped
    /// recording (a single sample at the peak is a normalised recording, not a clipped one).
    public var clippedSamples: Int

    /// library.json's keys, with their units.
    enum CodingKeys: String, CodingKey {
        case loudnessLUFS = "loudness_lufs"
        case samplePeakDBFS = "sample_peak_dbfs"
        case truePeakDBTP = "true_peak_dbtp"
        case durationSeconds = "duration_s"
        case spectralCentroidHz = "spectral_centroid_hz"
        case bandLowHz = "band90_low_hz"
        case bandHighHz = "band90_high_hz"
        case noiseFloorDBFS = "noise_floor_dbfs"
        case snrDB = "snr_db"
        case floorInPauses = "floor_in_pauses"
        case clippedSamples = "clipped_samples"
    }

    /// The 90 % band's width in octaves, the measure of "broadband" the acceptance and the logs use.
    public var bandwidthOctaves: Double {
        bandLowHz > 0 && bandHighHz > bandLowHz ? log2(bandHighHz / bandLowHz) : 0
    }

    /// 20 ms: long enough to hold a period of the lowest calls (a 50 Hz bellow), short enough to find the gaps.
    static let frameSeconds = 0.02
    /// Full scale less 0.1 dB.
    static let clipLevel: Float = 0.9886
    /// Welch's spectrum: 4096-sample Hann frames (≈ 11 Hz bins at 44.1 kHz, fine enough for a band edge at 100 Hz).
    static let spectrumFrame = 4096

    /// Measures `audio` (mono).
    public static func measure(_ audio: MonoAudio) throws -> CallMeasurement {
        let loudness = try Loudness.measure(audio)
        let levels = frameLevelsDB(audio)
        let sorted = levels.sorted()
        let (floor, inPauses) = noiseFloor(levels, sorted: sorted)
        let loud = percentile(sorted, 0.95)
        let spectrum = powerSpectrum(audio)
        let (centroid, low, high) = spectralShape(spectrum, sampleRate: Double(audio.sampleRate))
        return CallMeasurement(
            loudnessLUFS: loudness.integratedLUFS, samplePeakDBFS: loudness.samplePeakDBFS,
            truePeakDBTP: loudness.truePeakDBTP, durationSeconds: audio.durationSeconds,
            spectralCentroidHz: centroid, bandLowHz: low, bandHighHz: high, noiseFloorDBFS: floor,
            floorInPauses: inPauses, snrDB: loud - floor, clippedSamples: clippedSamples(audio.samples))
    }

    /// The background level of frame `levels` (dBFS, in time order; `sorted` the same ascending) and whether it
    /// was found in a pause. The quietest 5 % of the frames are the background when the recording pauses; when
    /// every one of them lies in the opening rise (each frame louder than the one before, from the first) or the
    /// closing fall (each quieter, to the last), they are the call's own onset or decay — a roar cut tight at its
    /// start climbs from its first frame — and the recording has no pause: the background is then below its
    /// quietest frame, the one bound the recording gives. (A steady background is never a run of rising frames
    /// from the file's start: its 20 ms levels jitter up and down.)
    static func noiseFloor(_ levels: [Double], sorted: [Double]) -> (dbfs: Double, inPauses: Bool) {
        let floor = percentile(sorted, 0.05)
        guard levels.count > 2 else { return (floor, true) }
        var rise = 1
        while rise < levels.count, levels[rise] > levels[rise - 1] { rise += 1 }
        var fall = levels.count - 1
        while fall > 0, levels[fall - 1] > levels[fall] { fall -= 1 }
        let quiet = levels.indices.filter { levels[$0] <= floor }
        let inEdges = quiet.allSatisfy { $0 < rise || $0 >= fall }
        return inEdges ? (sorted[0], false) : (floor, true)
    }

    /// Samples in runs of at least three at or above `clipLevel` (Audacity's "Find Clipping" rule).
    static func clippedSamples(_ samples: [Float]) -> Int {
        var clipped = 0
        var run = 0
        for sample in samples {
            if abs(sample) >= clipLevel {
                run += 1
            } else {
                if run >= 3 { clipped += run }
                run = 0
            }
        }
        return clipped + (run >= 3 ? run : 0)
    }

    /// The RMS level of each 20 ms frame in dBFS (a digitally silent frame counts as −120 dBFS).
    static func frameLevelsDB(_ audio: MonoAudio) -> [Double] {
        let frame = max(1, Int(Double(audio.sampleRate) * frameSeconds))
        return stride(from: 0, to: audio.samples.count - frame + 1, by: frame).map { start in
            var energy = 0.0
            for index in start..<(start + frame) { energy += Double(audio.samples[index] * audio.samples[index]) }
            return max(-120, 10 * log10(max(energy / Double(frame), 1e-30)))
        }
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return -120 }
        return sorted[min(sorted.count - 1, Int(fraction * Double(sorted.count - 1)))]
    }

    /// Welch's averaged power spectrum over the frames within 30 dB of the loudest, so the gaps between
    /// calls (the recording's background) do not pull the centroid towards the noise. Frames do not overlap:
    /// with a Hann window that loses a little of each frame's edges, which averaging over the call makes up,
    /// and it halves the cost of measuring a library.
    static func powerSpectrum(_ audio: MonoAudio) -> [Double] {
        let size = spectrumFrame
        let window = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)) }
        var padded = audio.samples
        if padded.count < size { padded += [Float](repeating: 0, count: size - padded.count) }
        var sum = [Double](repeating: 0, count: size / 2 + 1)
        var frames: [(energy: Double, power: [Double])] = []
        var real = [Double](repeating: 0, count: size)
        var imaginary = [Double](repeating: 0, count: size)
        padded.withUnsafeBufferPointer { samples in
            for start in stride(from: 0, through: samples.count - size, by: size) {
                for index in 0..<size {
                    real[index] = Double(samples[start + index]) * window[index]
                    imaginary[index] = 0
                }
                FFT.transform(real: &real, imaginary: &imaginary)
                var power = [Double](repeating: 0, count: size / 2 + 1)
                var energy = 0.0
                for bin in power.indices {
                    power[bin] = real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
                    energy += power[bin]
                }
                frames.append((energy, power))
            }
        }
        let loudest = frames.map(\.energy).max() ?? 0
        for frame in frames where frame.energy >= loudest * 1e-3 {
            for bin in sum.indices { sum[bin] += frame.power[bin] }
        }
        return sum
    }

    /// The centroid and the 5 %–95 % band of a power spectrum, ignoring the DC bin.
    static func spectralShape(_ power: [Double], sampleRate: Double) -> (centroid: Double, low: Double, high: Double) {
        let binHz = sampleRate / Double(2 * (power.count - 1))
        let total = power.dropFirst().reduce(0, +)
        guard total > 0 else { return (0, 0, 0) }
        var weighted = 0.0
        for bin in 1..<power.count { weighted += Double(bin) * binHz * power[bin] }
        var cumulative = 0.0
        var low = 0.0
        var high = 0.0
        for bin in 1..<power.count {
            let before = cumulative
            cumulative += power[bin]
            if before < 0.05 * total && cumulative >= 0.05 * total { low = Double(bin) * binHz }
            if before < 0.95 * total && cumulative >= 0.95 * total { high = Double(bin) * binHz }
        }
        return (weighted / total, low, high)
    }
}
