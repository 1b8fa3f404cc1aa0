// The hearing test on screen: the Hughson-Westlake state machine with the moments of its gaps, tones and answers.
import GameCore
import Localization
import SpatialAudio

/// One hearing test under way in the window. Each frame `tick` moves it on by the clock: a silent gap, the tone,
/// then a second to answer; "I hear it" (Space or a click) during the tone or that second counts as heard.
struct HearingTestRun {
    private(set) var test: HughsonWestlakeTest
    let levels: HughsonWestlakeLevels
    let calibration: HeadphoneCalibration?
    /// The frequencies measured (nil: all standard ones; the profile's other frequencies are kept).
    let only: [Double]?

    private enum Phase {
        case gap(until: Double)
        case tone(until: Double)
        case answer(until: Double)
    }

    private var phase: Phase
    private var heard = false
    /// The "I hear it" button is lit until then (a quarter of a second after each press).
    private(set) var litUntil = 0.0

    init(
        test: HughsonWestlakeTest, levels: HughsonWestlakeLevels, calibration: HeadphoneCalibration?, only: [Double]?,
        now: Double
    ) {
        self.test = test
        self.levels = levels
        self.calibration = calibration
        self.only = only
        phase = .gap(until: now + (test.current?.gapBeforeSeconds ?? 1))
    }

    /// Space or a click: lights the button; counts as heard unless it comes in a gap.
    mutating func pressed(now: Double) {
        litUntil = now + 0.25
        if case .gap = phase {} else { heard = true }
    }

    /// The stop question shows: the tone under way stops and is asked again after it.
    mutating func interrupt(tone: ToneGenerator) {
        tone.stop()
        heard = false
    }

    /// The stop question was answered "go on": a gap, then the interrupted tone again.
    mutating func resume(now: Double) {
        phase = .gap(until: now + (test.current?.gapBeforeSeconds ?? 0))
    }

    /// Moves the test on by the clock, starting and stopping `tone`; true once the last tone is answered.
    mutating func tick(now: Double, tone: ToneGenerator) -> Bool {
        guard let current = test.current else { return true }
        switch phase {
        case .gap(let until) where now >= until:
            tone.play(
                frequencyHz: current.frequencyHz,
                levelDBFS: (calibration ?? .nominal).fullScale(
                    current.levelDB, unit: levels.unit, at: current.frequencyHz, ear: current.ear),
                ears: current.ear == .left ? .left : .right)
            phase = .tone(until: now + current.toneSeconds)
        case .tone(let until) where now >= until:
            tone.stop()
            phase = .answer(until: now + 1)
        case .answer(let until) where now >= until:
            test.record(heard: heard)
            heard = false
            phase = .gap(until: now + (test.current?.gapBeforeSeconds ?? 0))
        default: break
        }
        return test.isFinished
    }

    /// "about 9 minutes left": each part (one pitch, one ear) takes about a minute of tones, gaps and answers.
    static func minutesLeft(parts: Int) -> String {
        parts <= 1
            ? Translation.gettext("about a minute left")
            : Translation.gettext("about {count} minutes left", ["count": String(parts)])
    }
}
