// The tinnitus pitch match as a state machine: a bracketing adjustment, an octave check, repeated runs, a median.
import Foundation

/// What the patient says about a probe tone compared with their tinnitus.
public enum PitchJudgement: Sendable, Equatable {
    case tinnitusIsHigher, tinnitusIsLower, matches
}

/// Whoever compares: the patient at the window (keys ↑/↓/Enter) or a simulated tinnitus.
public protocol PitchMatchListener {
    /// The probe at `frequencyHz` compared with the tinnitus.
    mutating func judge(frequencyHz: Double) -> PitchJudgement
    /// The octave check: which of two probes is nearer the tinnitus (true: the first).
    mutating func prefersFirst(_ first: Double, over second: Double) -> Bool
    /// The loudness match at the pitch: is the tinnitus louder than the probe at `levelDB` (nil: equal)?
    mutating func tinnitusIsLouder(frequencyHz: Double, levelDB: Double) -> Bool?
}

/// One run: the probe moves half an octave towards the tinnitus, each change of direction halves the step, and the
/// run ends at the patient's "matches" or when the step is below `finalStepOctaves`. Then the octave check
/// (the match against one octave below and above; a preferred neighbour replaces it). Runs start at the
/// largest loss (seed 000 §2.4), later ones half an octave off it alternately, so a run cannot simply copy the
/// previous one. The result is the median of the runs with their spread; the loudness match follows at the
/// median (2 dB steps, then 1 dB), in dB above the threshold there.
public struct PitchMatch: Sendable {
    public static let frequencyRange: ClosedRange<Double> = 250...16_000
    public static let finalStepOctaves = 1.0 / 12
    public static let allowedRuns: ClosedRange<Int> = 3...5

    public struct Run: Sendable, Equatable {
        public var startHz: Double
        public var matchedHz: Double
        public var octaveCorrected: Bool
        public var judgements: Int
    }

    public struct Result: Sendable, Equatable {
        public var runs: [Run]
        public var pitchHz: Double
        /// Largest distance of a run from the median, in octaves.
        public var spreadOctaves: Double
        /// Probe level that matched the tinnitus's loudness, in the audiogram's unit.
        public var matchedLevelDB: Double
        public var levelAboveThresholdDB: Double
        /// The patient still found the tinnitus louder at `maximumLevel`: the loudness is at least this.
        public var loudnessAtLimit: Bool = false
    }

    public let startHz: Double
    public let runCount: Int
    /// The threshold at a frequency (from the audiogram), for the starting level and the loudness result.
    public let threshold: @Sendable (Double) -> Double
    /// The loudest probe the output can play at a frequency (its peak at the ceiling), in the audiogram's unit:
    /// the loudness match never records a level that was not played.
    public let maximumLevel: @Sendable (Double) -> Double

    public init(
        startHz: Double, runs: Int = 3, threshold: @escaping @Sendable (Double) -> Double,
        maximumLevel: @escaping @Sendable (Double) -> Double = { _ in .infinity }
    ) {
        self.startHz = min(Self.frequencyRange.upperBound, max(Self.frequencyRange.lowerBound, startHz))
        self.runCount = min(Self.allowedRuns.upperBound, max(Self.allowedRuns.lowerBound, runs))
        self.threshold = threshold
        self.maximumLevel = maximumLevel
    }

    /// Probes are presented about 10 dB above threshold (seed 000 §2.4).
    public func probeLevel(at frequency: Double) -> Double { threshold(frequency) + 10 }

    public func run<L: PitchMatchListener>(with listener: inout L) -> Result {
        var runs: [Run] = []
        for index in 0..<runCount {
            let offset = index == 0 ? 0 : (index % 2 == 1 ? 0.5 : -0.5)
            runs.append(matchOnce(startingAt: clamp(startHz * pow(2, offset)), listener: &listener))
        }
        let logs = runs.map { log2($0.matchedHz) }.sorted()
        let median =
            logs.count % 2 == 1 ? logs[logs.count / 2] : (logs[logs.count / 2 - 1] + logs[logs.count / 2]) / 2
        let pitch = pow(2, median)
        let spread = logs.map { abs($0 - median) }.max() ?? 0
        let (level, atLimit) = matchLoudness(at: pitch, listener: &listener)
        return Result(
            runs: runs, pitchHz: pitch, spreadOctaves: spread, matchedLevelDB: level,
            levelAboveThresholdDB: level - threshold(pitch), loudnessAtLimit: atLimit)
    }

    private func clamp(_ frequency: Double) -> Double {
        min(Self.frequencyRange.upperBound, max(Self.frequencyRange.lowerBound, frequency))
    }

    private func matchOnce<L: PitchMatchListener>(startingAt start: Double, listener: inout L) -> Run {
        var frequency = start
        var step = 0.5
        var lastDirection = 0.0
        var judgements = 0
        while step >= Self.finalStepOctaves && judgements < 60 {
            judgements += 1
            let judgement = listener.judge(frequencyHz: frequency)
            if judgement == .matches { break }
            let direction = judgement == .tinnitusIsHigher ? 1.0 : -1.0
            if lastDirection != 0 && direction != lastDirection { step /= 2 }
            lastDirection = direction
            if step < Self.finalStepOctaves { break }
            let next = clamp(frequency * pow(2, direction * step))
            if next == frequency { break }
            frequency = next
        }
        var corrected = false
        for neighbour in [frequency / 2, frequency * 2] where Self.frequencyRange.contains(neighbour) {
            if !listener.prefersFirst(frequency, over: neighbour) {
                frequency = neighbour
                corrected = true
                break
            }
        }
        return Run(startHz: start, matchedHz: frequency, octaveCorrected: corrected, judgements: judgements)
    }

    private func matchLoudness<L: PitchMatchListener>(at frequency: Double, listener: inout L) -> (Double, Bool) {
        let highest = maximumLevel(frequency)
        var level = min(probeLevel(at: frequency), highest)
        var step = 2.0
        var lastDirection = 0.0
        var reversals = 0
        for _ in 0..<40 {
            guard let louder = listener.tinnitusIsLouder(frequencyHz: frequency, levelDB: level) else { break }
            if louder && level >= highest { return (level, true) }
            let direction = louder ? 1.0 : -1.0
            if lastDirection != 0 && direction != lastDirection {
                reversals += 1
                step = 1
                if reversals >= 4 { break }
            }
            lastDirection = direction
            level = min(level + direction * step, highest)
        }
        return (level, false)
    }
}
