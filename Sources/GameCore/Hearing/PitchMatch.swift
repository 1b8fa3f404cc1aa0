// The tinnitus pitch match as a state machine: a bracketing adjustment, an octave check, repeated runs, a median.
import Foundation

/// What the patient says about a probe tone compared with their tinnitus.
public enum PitchJudgement: Sendable, Equatable {
    case tinnitusIsHigher, tinnitusIsLower, matches
}

/// Whoever compares in one go (`run(with:)`): a simulated tinnitus. The window answers `current` one question at a
/// time instead (keys ↑/↓/Enter, 1/2).
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

    /// The question on screen now (nil once the match is finished).
    public private(set) var current: PitchQuestion?
    /// The runs finished so far, in order.
    public private(set) var runs: [Run] = []
    /// The match's result, once the loudness match has ended.
    public private(set) var result: Result?
    private var stage: Stage

    /// Where the match stands between two answers.
    private enum Stage: Sendable {
        /// The bracketing adjustment of a run.
        case adjusting(start: Double, frequency: Double, step: Double, lastDirection: Double, judgements: Int)
        /// The octave check of a run: `frequency` against each of `neighbours` in turn.
        case octaveCheck(start: Double, frequency: Double, neighbours: [Double], judgements: Int)
        /// The loudness match at the median pitch (`asked`: questions so far, at most 40).
        case loudness(pitch: Double, level: Double, step: Double, lastDirection: Double, reversals: Int, asked: Int)
        case finished
    }

    public init(
        startHz: Double, runs: Int = 3, threshold: @escaping @Sendable (Double) -> Double,
        maximumLevel: @escaping @Sendable (Double) -> Double = { _ in .infinity }
    ) {
        self.startHz = min(Self.frequencyRange.upperBound, max(Self.frequencyRange.lowerBound, startHz))
        self.runCount = min(Self.allowedRuns.upperBound, max(Self.allowedRuns.lowerBound, runs))
        self.threshold = threshold
        self.maximumLevel = maximumLevel
        stage = .finished
        beginRun()
    }

    public var isFinished: Bool { current == nil }

    /// True when two of `frequencies` are at least three quarters of an octave apart (2828 and 5657 Hz): the
    /// median then rests on a guess between octaves.
    public static func disagreeByAnOctave(_ frequencies: [Double]) -> Bool {
        let octaves = frequencies.filter { $0 > 0 }.map(log2)
        guard let low = octaves.min(), let high = octaves.max() else { return false }
        return high - low >= 0.75
    }

    /// Probes are presented about 10 dB above threshold (seed 000 §2.4).
    public func probeLevel(at frequency: Double) -> Double { threshold(frequency) + 10 }

    /// The answer to `current`; moves to the next question (or finishes). Returns false, changing nothing, for an
    /// answer that does not fit the question on screen (a "first" during a comparison, any answer at the end).
    @discardableResult
    public mutating func answer(_ answer: PitchAnswer) -> Bool {
        switch (stage, answer) {
        case (.adjusting(let start, var frequency, var step, var lastDirection, var judgements), .judgement(let said)):
            judgements += 1
            if said == .matches { return octaveCheck(start: start, frequency: frequency, judgements: judgements) }
            let direction = said == .tinnitusIsHigher ? 1.0 : -1.0
            if lastDirection != 0 && direction != lastDirection { step /= 2 }
            lastDirection = direction
            if step < Self.finalStepOctaves {
                return octaveCheck(start: start, frequency: frequency, judgements: judgements)
            }
            let next = clamp(frequency * pow(2, direction * step))
            if next == frequency { return octaveCheck(start: start, frequency: frequency, judgements: judgements) }
            frequency = next
            // A listener who never settles (more than 60 judgements) ends the run where the probe is.
            guard judgements < 60 else {
                return octaveCheck(start: start, frequency: frequency, judgements: judgements)
            }
            stage = .adjusting(
                start: start, frequency: frequency, step: step, lastDirection: lastDirection, judgements: judgements)
            current = .compare(frequencyHz: frequency)
        case (.octaveCheck(let start, let frequency, var neighbours, let judgements), .prefersFirst(let first)):
            let neighbour = neighbours.removeFirst()
            if !first {
                finishRun(Run(startHz: start, matchedHz: neighbour, octaveCorrected: true, judgements: judgements))
            } else if neighbours.isEmpty {
                finishRun(Run(startHz: start, matchedHz: frequency, octaveCorrected: false, judgements: judgements))
            } else {
                stage = .octaveCheck(start: start, frequency: frequency, neighbours: neighbours, judgements: judgements)
                current = .octave(first: frequency, second: neighbours[0])
            }
        case (.loudness(let pitch, var level, var step, var lastDirection, var reversals, var asked), .louder(let said)):
            asked += 1
            let highest = maximumLevel(pitch)
            guard let louder = said else {
                finish(pitch: pitch, level: level, atLimit: false)
                return true
            }
            if louder && level >= highest {
                finish(pitch: pitch, level: level, atLimit: true)
                return true
            }
            let direction = louder ? 1.0 : -1.0
            if lastDirection != 0 && direction != lastDirection {
                reversals += 1
                step = 1
                if reversals >= 4 {
                    finish(pitch: pitch, level: level, atLimit: false)
                    return true
                }
            }
            lastDirection = direction
            level = min(level + direction * step, highest)
            guard asked < 40 else {
                finish(pitch: pitch, level: level, atLimit: false)
                return true
            }
            stage = .loudness(
                pitch: pitch, level: level, step: step, lastDirection: lastDirection, reversals: reversals,
                asked: asked)
            current = .loudness(frequencyHz: pitch, levelDB: level)
        default:
            return false
        }
        return true
    }

    /// Runs the whole match against `listener` (a simulated tinnitus, `--bot simulated`).
    public func run<L: PitchMatchListener>(with listener: inout L) -> Result {
        var match = self
        while let question = match.current {
            switch question {
            case .compare(let frequency): match.answer(.judgement(listener.judge(frequencyHz: frequency)))
            case .octave(let first, let second): match.answer(.prefersFirst(listener.prefersFirst(first, over: second)))
            case .loudness(let frequency, let level):
                match.answer(.louder(listener.tinnitusIsLouder(frequencyHz: frequency, levelDB: level)))
            }
        }
        // `current` is nil only once `finish` has set the result.
        return match.result!
    }

    private func clamp(_ frequency: Double) -> Double {
        min(Self.frequencyRange.upperBound, max(Self.frequencyRange.lowerBound, frequency))
    }

    /// Run `runs.count`: the first at `startHz`, later ones half an octave above and below it alternately.
    private mutating func beginRun() {
        let index = runs.count
        let offset = index == 0 ? 0 : (index % 2 == 1 ? 0.5 : -0.5)
        let start = clamp(startHz * pow(2, offset))
        stage = .adjusting(start: start, frequency: start, step: 0.5, lastDirection: 0, judgements: 0)
        current = .compare(frequencyHz: start)
    }

    /// The adjustment has ended at `frequency`: the octave check against one octave below, then above.
    private mutating func octaveCheck(start: Double, frequency: Double, judgements: Int) -> Bool {
        let neighbours = [frequency / 2, frequency * 2].filter { Self.frequencyRange.contains($0) }
        guard let first = neighbours.first else {
            finishRun(Run(startHz: start, matchedHz: frequency, octaveCorrected: false, judgements: judgements))
            return true
        }
        stage = .octaveCheck(start: start, frequency: frequency, neighbours: neighbours, judgements: judgements)
        current = .octave(first: frequency, second: first)
        return true
    }

    /// A run is matched: the next run, or after the last the loudness match at the runs' median.
    private mutating func finishRun(_ run: Run) {
        runs.append(run)
        guard runs.count >= runCount else { return beginRun() }
        let pitch = pow(2, medianLog)
        let level = min(probeLevel(at: pitch), maximumLevel(pitch))
        stage = .loudness(pitch: pitch, level: level, step: 2, lastDirection: 0, reversals: 0, asked: 0)
        current = .loudness(frequencyHz: pitch, levelDB: level)
    }

    /// The median of the runs' pitches on a log scale.
    private var medianLog: Double {
        let logs = runs.map { log2($0.matchedHz) }.sorted()
        return logs.count % 2 == 1 ? logs[logs.count / 2] : (logs[logs.count / 2 - 1] + logs[logs.count / 2]) / 2
    }

    private mutating func finish(pitch: Double, level: Double, atLimit: Bool) {
        let median = medianLog
        let spread = runs.map { abs(log2($0.matchedHz) - median) }.max() ?? 0
        result = Result(
            runs: runs, pitchHz: pitch, spreadOctaves: spread, matchedLevelDB: level,
            levelAboveThresholdDB: level - threshold(pitch), loudnessAtLimit: atLimit)
        stage = .finished
        current = nil
    }
}

/// What the pitch match asks the patient: compare a probe, choose between two octaves, or compare the loudness.
public enum PitchQuestion: Sendable, Equatable {
    case compare(frequencyHz: Double)
    case octave(first: Double, second: Double)
    case loudness(frequencyHz: Double, levelDB: Double)
}

/// The patient's answer to a `PitchQuestion`: a judgement to a comparison, a choice in the octave check
/// (true: the first), or the loudness (true: the tinnitus is louder; nil: equally loud).
public enum PitchAnswer: Sendable, Equatable {
    case judgement(PitchJudgement)
    case prefersFirst(Bool)
    case louder(Bool?)
}
