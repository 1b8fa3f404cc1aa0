// The pitch match's keys on screen: which key answers which question, and that no other key does.
import Foundation
import GameCore
import Testing

@testable import GameUI

@Suite struct PitchMatchRunTests {
    /// A loss largest at 4 kHz, so the match starts there.
    private let audiogram = Audiogram(
        unit: .hearingLevel, left: [1000: 0, 2000: 10, 4000: 50, 8000: 30], right: [1000: 0, 4000: 40, 8000: 20])

    private func run(probe: PitchProbe? = .tone) -> PitchMatchRun {
        PitchMatchRun(audiogram: audiogram, headphones: .nominal, runs: 3, notchWidthOctaves: 1, probe: probe)
    }

    @Test func noQuestionUntilTheProbeIsChosenThenTheFirstComparisonAtTheLargestLoss() {
        var match = run(probe: nil)
        #expect(match.match == nil)
        let early = match.answer(.activate)
        #expect(!early, "nothing to answer on the tone-or-noise screen")
        match.choose(.noise)
        #expect(match.probe == .noise)
        #expect(match.match?.current == .compare(frequencyHz: 4000))
    }

    @Test func upDownAndEnterAnswerAComparisonAndTheOctaveKeysDoNot() {
        var match = run()
        let octaveKeys = [match.answer(.text("1")), match.answer(.left), match.answer(.heardNothing)]
        #expect(octaveKeys == [false, false, false])
        #expect(match.match?.current == .compare(frequencyHz: 4000))
        let up = match.answer(.up)
        #expect(up, "the tinnitus is higher: half an octave up")
        #expect(match.match?.current == .compare(frequencyHz: 4000 * 2.squareRoot()))
        let down = match.answer(.down)
        #expect(down, "a reversal halves the step")
        let frequency: Double
        if case .compare(let now) = match.match?.current { frequency = now } else { frequency = 0 }
        #expect(abs(log2(frequency / 4000) - 0.25) < 1e-9)
        let matches = match.answer(.activate)
        #expect(matches, "matches: the octave check follows")
        #expect(match.match?.current == .octave(first: frequency, second: frequency / 2))
        let comparisonKeys = [match.answer(.up), match.answer(.activate)]
        #expect(comparisonKeys == [false, false], "↑ and Enter do not answer the octave check")
        let second = match.answer(.text("2"))
        #expect(second, "2 prefers the second: the octave below replaces the match")
        #expect(match.progress.matchedHz == [frequency / 2])
        #expect(match.progress.run == 2)
    }

    @Test func oneOrLeftKeepsTheMatchAndTheLastRunLeadsToTheLoudness() {
        var match = run()
        for _ in 0..<3 {
            let matched = match.answer(.activate)
            #expect(matched)
            // Keep the run's pitch through both octave questions (2 and 8 kHz are in range).
            while case .octave = match.match?.current {
                let kept = match.answer(.left)
                #expect(kept)
            }
        }
        #expect(match.progress.matchedHz.count == 3)
        guard case .loudness = match.match?.current else {
            Issue.record("expected the loudness, got \(String(describing: match.match?.current))")
            return
        }
        let equal = match.answer(.activate)
        #expect(equal, "Enter: equally loud")
        #expect(match.match?.result != nil)
        let after = match.answer(.activate)
        #expect(!after, "nothing after the end")
    }
}
