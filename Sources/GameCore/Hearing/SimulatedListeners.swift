// Simulated listeners for the hearing test and the pitch match: they answer as a person with a given audiogram/tinnitus.
import Foundation

/// Hears a tone with a probability that rises from 0 to 1 around its threshold (a logistic psychometric function
/// `slopeDB` wide), so the test meets the misses and false hearing a person produces near threshold.
/// `thresholds` are in the test's unit.
public struct SimulatedHearingListener: HearingTestListener {
    public let thresholds: Audiogram
    public let slopeDB: Double
    private var random: SeededRandom

    public init(thresholds: Audiogram, slopeDB: Double = 1, seed: UInt64) {
        self.thresholds = thresholds
        self.slopeDB = slopeDB
        random = SeededRandom(seed: seed)
    }

    public mutating func hears(_ tone: TonePresentation) -> Bool {
        guard let threshold = thresholds.threshold(tone.ear, at: tone.frequencyHz) else { return false }
        let probability = 1 / (1 + exp(-(tone.levelDB - threshold) / slopeDB))
        return random.unitDouble() < probability
    }
}

/// A tinnitus at `pitchHz`, heard `levelAboveThresholdDB` above the threshold there. It tells higher from lower
/// only beyond a just-noticeable difference (`jndOctaves`) and otherwise says it matches.
public struct SimulatedTinnitusListener: PitchMatchListener {
    public let pitchHz: Double
    public let level: Double
    public let jndOctaves: Double

    public init(pitchHz: Double, levelDB: Double, jndOctaves: Double = 1.0 / 24) {
        self.pitchHz = pitchHz
        self.level = levelDB
        self.jndOctaves = jndOctaves
    }

    public mutating func judge(frequencyHz: Double) -> PitchJudgement {
        let distance = log2(pitchHz / frequencyHz)
        if abs(distance) < jndOctaves { return .matches }
        return distance > 0 ? .tinnitusIsHigher : .tinnitusIsLower
    }

    public mutating func prefersFirst(_ first: Double, over second: Double) -> Bool {
        abs(log2(pitchHz / first)) <= abs(log2(pitchHz / second))
    }

    public mutating func tinnitusIsLouder(frequencyHz: Double, levelDB: Double) -> Bool? {
        abs(levelDB - level) < 0.5 ? nil : level > levelDB
    }
}
