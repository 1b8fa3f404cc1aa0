// The hearing test and the pitch match against simulated listeners: they recover what the listener was given.
import Foundation
import Testing

@testable import GameCore

@Suite("Hearing procedures")
struct HearingProceduresTests {
    private let sloping = Audiogram(
        unit: .hearingLevel,
        left: [250: 10, 500: 15, 1000: 20, 2000: 30, 4000: 45, 6000: 55, 8000: 60],
        right: [250: 5, 500: 5, 1000: 10, 2000: 25, 4000: 65, 6000: 70, 8000: 70])

    @Test(
        "Hughson-Westlake recovers a simulated listener's thresholds within 5 dB at every frequency",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func thresholdsAreRecovered(seed: UInt64) {
        var test = HughsonWestlakeTest(startLevel: 40, minimumLevel: -10, maximumLevel: 100, seed: seed)
        var listener = SimulatedHearingListener(thresholds: sloping, seed: seed * 7919)
        test.run(with: &listener)
        #expect(test.isFinished)
        for ear in Ear.allCases {
            for frequency in Audiogram.standardFrequencies {
                let found = test.thresholds[ear]?[frequency]
                let truth = sloping.thresholds(ear)[frequency]!
                #expect(found != nil, "\(ear) \(frequency) Hz: no threshold")
                if let found { #expect(abs(found - truth) <= 5, "\(ear) \(frequency) Hz: \(found) vs \(truth)") }
            }
        }
        print("seed \(seed): \(test.log.count) tones; left \(test.thresholds[.left]!.sorted { $0.key < $1.key })")
    }

    @Test("The rules: −10 dB after a response, +5 dB after a miss, 1 kHz first, tones 1–2 s with 1.5–4 s gaps")
    func stepsFollowTheRules() {
        var test = HughsonWestlakeTest(startLevel: 40, minimumLevel: -10, maximumLevel: 100, seed: 9)
        var listener = SimulatedHearingListener(thresholds: sloping, seed: 3)
        test.run(with: &listener)
        #expect(test.log.first?.tone.frequencyHz == 1000)
        for (previous, next) in zip(test.log, test.log.dropFirst())
        where previous.tone.frequencyHz == next.tone.frequencyHz && previous.tone.ear == next.tone.ear {
            #expect(next.tone.levelDB - previous.tone.levelDB == (previous.heard ? -10 : 5))
        }
        #expect(
            test.log.allSatisfy {
                (1...2).contains($0.tone.toneSeconds) && (1.5...4).contains($0.tone.gapBeforeSeconds)
            })
    }

    @Test("A frequency never heard up to the maximum is recorded as no response")
    func deafFrequencyIsNoResponse() {
        let deaf = Audiogram(unit: .hearingLevel, left: [1000: 120], right: [1000: 20])
        var test = HughsonWestlakeTest(
            frequencies: [1000], startLevel: 40, minimumLevel: -10, maximumLevel: 90, seed: 1)
        var listener = SimulatedHearingListener(thresholds: deaf, seed: 2)
        test.run(with: &listener)
        #expect(test.noResponse[.left] == [1000])
        #expect(test.thresholds[.left]?[1000] == nil)
        #expect(abs((test.thresholds[.right]?[1000] ?? 0) - 20) <= 5)
    }

    @Test(
        "The pitch match finds a simulated tinnitus within the final step",
        arguments: [3000.0, 4000, 6500, 9000, 12_000, 700])
    func pitchIsRecovered(pitch: Double) {
        let match = PitchMatch(startHz: 4000, runs: 3) { _ in 30 }
        var listener = SimulatedTinnitusListener(pitchHz: pitch, levelDB: 45)
        let result = match.run(with: &listener)
        let error = abs(log2(result.pitchHz / pitch))
        print(
            String(
                format: "tinnitus %.0f Hz: matched %.0f Hz (%.3f oct off), spread %.3f oct, runs %@, +%.1f dB",
                pitch, result.pitchHz, error, result.spreadOctaves,
                result.runs.map { String(format: "%.0f", $0.matchedHz) }.joined(separator: ","),
                result.levelAboveThresholdDB))
        #expect(error <= PitchMatch.finalStepOctaves)
        #expect(result.runs.count == 3)
        #expect(abs(result.levelAboveThresholdDB - 15) <= 1)
    }

    @Test("Half-gain and NAL-R follow their formulas, cap at max_gain_db and never go negative")
    func gainRules() {
        let levels: [Double: Double] = [250: 20, 500: 30, 1000: 40, 2000: 50, 4000: 80]
        let half = GainRule.halfGain.gains(for: levels, maxGainDB: 30)
        #expect(half[1000] == 20)
        #expect(half[4000] == 30)
        let nal = GainRule.nalR.gains(for: levels, maxGainDB: 100)
        let expected1k: Double = 0.31 * 40 + 0.15 * 40 + 1
        let expected250: Double = max(0, 0.31 * 20 + 0.15 * 40 - 17)
        #expect(abs(nal[1000]! - expected1k) < 1e-9)
        #expect(nal[250]! == expected250)
        #expect(GainRule.none.gains(for: levels, maxGainDB: 20).isEmpty)
    }

    @Test("Each ear by its own calibration: 40 dB HL at 1 kHz is −53 dBFS at 100 dB SPL, −65 dBFS at 112")
    func calibrationPerEar() {
        let headphones = HeadphoneCalibration(leftDBSPLAtFullScale: 100, rightDBSPLAtFullScale: 112)
        let both = headphones.fullScaleBothEars(40, unit: .hearingLevel, at: 1000)
        // dBFS = HL + RETSPL(1 kHz, 7 dB) − SPL at 0 dBFS.
        #expect(both.left == -53)
        #expect(both.right == -65)
        let uncalibrated = headphones.fullScaleBothEars(-50, unit: .fullScaleUncalibrated, at: 1000)
        #expect(uncalibrated.left == -50 && uncalibrated.right == -50, "dB re full scale is already digital")
    }

    @Test("--frequencies: the measured frequencies replace the old ones, a no-response drops one, the rest stay")
    func remeasuredKeepsTheOthers() {
        let old = Audiogram(
            unit: .hearingLevel, left: [250: 10, 1000: 20, 4000: 40], right: [250: 15, 1000: 25, 4000: 45])
        let new = Audiogram(unit: .hearingLevel, left: [1000: 35, 4000: 60], right: [1000: 30])
        let merged = old.remeasured([1000, 4000], by: new)
        #expect(merged.left == [250: 10, 1000: 35, 4000: 60])
        #expect(merged.right == [250: 15, 1000: 30], "4 kHz right was measured again and not heard")
    }

    @Test("The loudness match stops at the loudest probe the output plays and says the tinnitus is at least that")
    func loudnessAtTheOutputsLimit() {
        let match = PitchMatch(startHz: 4000, threshold: { _ in 0 }, maximumLevel: { _ in 5 })
        var loud = SimulatedTinnitusListener(pitchHz: 4000, levelDB: 20)
        let capped = match.run(with: &loud)
        #expect(capped.matchedLevelDB == 5)
        #expect(capped.loudnessAtLimit)
        var soft = SimulatedTinnitusListener(pitchHz: 4000, levelDB: 3)
        let found = match.run(with: &soft)
        #expect(!found.loudnessAtLimit)
        #expect(abs(found.matchedLevelDB - 3) <= 1 && found.matchedLevelDB <= 5)
    }

    /// Issue 29: the window answers the pitch match one question at a time (no thread waits in `run(with:)`).
    @Test("The pitch match as a state machine: one question at a time, runs from 4, 5.7 and 2.8 kHz, then the loudness")
    func pitchMatchStateMachine() throws {
        var match = PitchMatch(startHz: 4000, runs: 3) { _ in 30 }
        var listener = SimulatedTinnitusListener(pitchHz: 6500, levelDB: 45)
        #expect(match.current == .compare(frequencyHz: 4000))
        // An answer that does not fit the question on screen changes nothing.
        let misfits = [match.answer(.prefersFirst(true)), match.answer(.louder(nil))]
        #expect(misfits == [false, false])
        #expect(match.current == .compare(frequencyHz: 4000))
        var runStarts: [Double] = []
        var kinds: [String] = []
        var lastWasCompare = false
        var questions = 0
        while let question = match.current {
            questions += 1
            try #require(questions < 500, "the match ends")
            let runsBefore = match.runs.count
            let answer: PitchAnswer
            switch question {
            case .compare(let frequency):
                if !lastWasCompare { runStarts.append(frequency) }
                lastWasCompare = true
                answer = .judgement(listener.judge(frequencyHz: frequency))
                if kinds.last != "compare" { kinds.append("compare") }
            case .octave(let first, let second):
                lastWasCompare = false
                #expect(abs(abs(log2(second / first)) - 1) < 1e-9, "the octave check offers an octave apart")
                answer = .prefersFirst(listener.prefersFirst(first, over: second))
                if kinds.last != "octave" { kinds.append("octave") }
            case .loudness(let frequency, let level):
                lastWasCompare = false
                #expect(match.runs.count == 3, "the loudness comes after the last run")
                answer = .louder(listener.tinnitusIsLouder(frequencyHz: frequency, levelDB: level))
                if kinds.last != "loudness" { kinds.append("loudness") }
            }
            let accepted = match.answer(answer)
            #expect(accepted)
            // A run ends only with an octave-check answer.
            if match.runs.count > runsBefore {
                if case .octave = question {} else { Issue.record("a run ended on \(question)") }
            }
        }
        #expect(kinds == ["compare", "octave", "compare", "octave", "compare", "octave", "loudness"])
        #expect(runStarts.map { $0.rounded() } == [4000, 5657, 2828])
        #expect(match.isFinished)
        let afterTheEnd = match.answer(.judgement(.matches))
        #expect(!afterTheEnd, "nothing to answer after the end")
        let result = try #require(match.result)
        #expect(abs(log2(result.pitchHz / 6500)) <= PitchMatch.finalStepOctaves)
        #expect(abs(result.levelAboveThresholdDB - 15) <= 1)
        // The one-go driver asks the same questions and comes to the same result.
        var again = SimulatedTinnitusListener(pitchHz: 6500, levelDB: 45)
        #expect(PitchMatch(startHz: 4000, runs: 3) { _ in 30 }.run(with: &again) == result)
    }

    @Test("Runs an octave apart are flagged; three quarters of an octave is the line")
    func runsAnOctaveApart() {
        #expect(PitchMatch.disagreeByAnOctave([2828, 2828, 5657]))
        #expect(!PitchMatch.disagreeByAnOctave([4000, 4757]))
        #expect(PitchMatch.disagreeByAnOctave([4000, 6800]))
        #expect(!PitchMatch.disagreeByAnOctave([]))
    }
}
