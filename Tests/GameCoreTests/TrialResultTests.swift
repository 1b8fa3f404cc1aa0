// Derived trial columns: deviation, absolute deviation, front-back confusion, time_s.
import Foundation
import Testing

@testable import GameCore

@Suite struct TrialResultTests {
    func trial(target: Double, aim: Double, roundStart: Double = 0, onset: Double = 10, shot: Double = 12.5)
        -> TrialResult
    {
        TrialResult(
            condition: "one-target", level: "one-target", background: false, round: 1, targetsInRound: 1,
            targetIndex: 1, target: "frog", targetBearing: Bearing(degrees: target),
            aimBearing: Bearing(degrees: aim), roundStartHeading: Bearing(degrees: roundStart),
            onsetTime: MonotonicTime(seconds: onset), shotTime: MonotonicTime(seconds: shot),
            onsetAt: Date(timeIntervalSince1970: onset), shotAt: Date(timeIntervalSince1970: shot),
            input: .keyboard)
    }

    @Test func deviationAndItsAbsoluteValueFollowTheLogFormat() {
        let result = trial(target: 10, aim: 350)
        #expect(result.deviationDeg == 20)
        #expect(result.absDeviationDeg == 20)
        #expect(trial(target: 350, aim: 10).deviationDeg == -20)
    }

    @Test func aimingAtTheMirrorImageBehindIsAFrontBackConfusion() {
        // Target ahead-right at 30: its mirror behind-right is 150.
        #expect(trial(target: 30, aim: 145).frontBackConfusion)
        #expect(!trial(target: 30, aim: 40).frontBackConfusion)
    }

    @Test func theMirrorIsTakenAcrossTheAxisOfTheRoundStartHeading() {
        // Facing 90 at round start, a target at 60 (ahead-left) mirrors to 300 (behind-left): an aim
        // at 298 is a confusion, although across the session-start axis (mirror 120) it would not be.
        #expect(trial(target: 60, aim: 298, roundStart: 90).frontBackConfusion)
        #expect(!trial(target: 60, aim: 298, roundStart: 0).frontBackConfusion)
    }

    @Test func aTargetOnTheInterauralAxisIsNeverAConfusion() {
        #expect(!trial(target: 90, aim: 90).frontBackConfusion)
        #expect(!trial(target: 270, aim: 200).frontBackConfusion)
    }

    @Test func aSmallMissAcrossTheInterauralAxisIsAConfusionButNotAReversal() {
        // Target at 85 (just ahead of the right ear), aim 95: literally nearer the mirror (95) than the target.
        #expect(trial(target: 85, aim: 95).frontBackConfusion)
        #expect(!trial(target: 85, aim: 95).frontBackReversal)
        // Target at 70 (outside the ±15° zone) but the aim at 100 is inside it: still no reversal.
        #expect(!trial(target: 70, aim: 100).frontBackReversal)
    }

    @Test func aimingBehindAtATargetAheadIsAReversal() {
        #expect(trial(target: 30, aim: 145).frontBackReversal)
        #expect(trial(target: 60, aim: 298, roundStart: 90).frontBackReversal)
        #expect(!trial(target: 30, aim: 40).frontBackReversal)
    }

    @Test func timeIsShotMinusOnsetOnTheMonotonicClock() {
        #expect(trial(target: 0, aim: 0, onset: 3.25, shot: 7.5).timeSeconds == 4.25)
    }
}
