// The pitch match on screen: the `PitchMatch` state machine, the probe it plays, and the answers keys give it.
import GameCore
import SpatialAudio

/// One pitch match under way in the window. The patient's keys answer `match.current` directly (no thread waits
/// for them); each frame `tick` plays the question's probe, both ears at the level their calibration gives.
struct PitchMatchRun {
    let audiogram: Audiogram
    let headphones: HeadphoneCalibration
    let runs: Int
    let notchWidthOctaves: Double
    /// nil until the patient chose tone or noise (`--probe` not given).
    private(set) var probe: PitchProbe?
    private(set) var match: PitchMatch?
    /// The question whose probe plays now.
    private var presented: PitchQuestion?

    init(
        audiogram: Audiogram, headphones: HeadphoneCalibration, runs: Int, notchWidthOctaves: Double, probe: PitchProbe?
    ) {
        self.audiogram = audiogram
        self.headphones = headphones
        self.runs = runs
        self.notchWidthOctaves = notchWidthOctaves
        if let probe { choose(probe) }
    }

    /// The probe is known: the match begins at the largest loss, with probes 10 dB above the better ear's threshold.
    mutating func choose(_ probe: PitchProbe) {
        guard self.probe == nil, let largest = audiogram.largestLoss else { return }
        self.probe = probe
        let audiogram = audiogram
        let headphones = headphones
        let threshold: @Sendable (Double) -> Double = { frequency in
            Ear.allCases.compactMap { audiogram.threshold($0, at: frequency) }.min() ?? 0
        }
        // The loudest probe both ears get with its peak under the ceiling, in the audiogram's unit.
        let maximumLevel: @Sendable (Double) -> Double = { frequency in
            let highest = ToneGenerator.highestLevelDBFS(frequencyHz: frequency, probe: probe)
            let zero = headphones.fullScaleBothEars(0, unit: audiogram.unit, at: frequency)
            return audiogram.unit == .hearingLevel ? highest - max(zero.left, zero.right) : highest
        }
        match = PitchMatch(startHz: largest.frequency, runs: runs, threshold: threshold, maximumLevel: maximumLevel)
    }

    /// The patient's key on a question (↑ ↓ Enter on a comparison, 1 2 on the octave check); false if it does
    /// not answer the question on screen.
    mutating func answer(_ command: UICommand) -> Bool {
        guard let question = match?.current else { return false }
        let answer: PitchAnswer? =
            switch (command, question) {
            case (.up, .compare): .judgement(.tinnitusIsHigher)
            case (.down, .compare): .judgement(.tinnitusIsLower)
            case (.activate, .compare): .judgement(.matches)
            case (.up, .loudness): .louder(true)
            case (.down, .loudness): .louder(false)
            case (.activate, .loudness): .louder(nil)
            case (.left, .octave), (.text("1"), .octave): .prefersFirst(true)
            case (.right, .octave), (.text("2"), .octave): .prefersFirst(false)
            default: nil
            }
        guard let answer else { return false }
        return match?.answer(answer) ?? false
    }

    /// Plays the probe of the question on screen; the octave check alternates its two probes a second each.
    mutating func tick(now: Double, tone: ToneGenerator) {
        guard let probe else { return }
        let question = match?.current
        var isOctave = false
        if case .octave = question { isOctave = true }
        guard question != presented || isOctave else { return }
        presented = question
        // Both ears hear the probe, each at the level its own calibration gives for the audiogram's level.
        func present(_ frequency: Double, at level: Double) {
            let levels = headphones.fullScaleBothEars(level, unit: audiogram.unit, at: frequency)
            tone.play(frequencyHz: frequency, leftDBFS: levels.left, rightDBFS: levels.right, probe: probe)
        }
        switch question {
        case .compare(let frequency): present(frequency, at: match?.probeLevel(at: frequency) ?? 0)
        case .loudness(let frequency, let level): present(frequency, at: level)
        case .octave(let first, let second):
            let frequency = Self.playingFirst(now: now) ? first : second
            present(frequency, at: match?.probeLevel(at: frequency) ?? 0)
        case nil: tone.stop()
        }
    }

    /// The octave check's first probe plays in even seconds, the second in odd ones.
    static func playingFirst(now: Double) -> Bool { Int(now) % 2 == 0 }

    /// Where the match stands, for the screen: the run under way and the pitch each finished run matched.
    var progress: (run: Int, matchedHz: [Double]) {
        let matched = match?.runs.map(\.matchedHz) ?? []
        return (matched.count + 1, matched)
    }
}
