// The screen flow as a state machine, without a window: menu → headphone check → rounds → summary.
import Testing

@testable import GameUI

@Suite struct ScreenFlowTests {
    private func twoTargetRounds(_ count: Int) -> [FlowRound] {
        Array(repeating: FlowRound(condition: "two-targets", targets: 2), count: count)
    }

    @Test func aPlaySessionGoesFromTheMenuThroughTheHeadphoneCheckToTheFirstRound() {
        var flow = ScreenFlow.play()
        #expect(flow.screen == .mainMenu)
        #expect(flow.menuStarted(rounds: twoTargetRounds(2)) == [])
        #expect(flow.screen == .headphoneCheck)
        #expect(flow.headphoneCheckPassed() == [.startRound(0)])
        #expect(flow.screen == .running)
    }

    @Test func aTwoTargetRoundShowsTheIntermediateScreenAfterTheFirstPhotoAndTheEndScreenAfterTheSecond() {
        var flow = ScreenFlow.play()
        _ = flow.menuStarted(rounds: twoTargetRounds(2))
        _ = flow.headphoneCheckPassed()
        #expect(flow.photoTaken() == [])
        #expect(flow.screen == .intermediateResult)
        #expect(flow.continuePressed() == [.continueRound])
        #expect(flow.screen == .running)
        #expect(flow.photoTaken() == [])
        #expect(flow.screen == .roundResult)
        #expect(flow.continuePressed() == [.startRound(1)])
        #expect(flow.roundIndex == 1)
    }

    @Test func theLastPhotoOfTheLastRoundFinishesTheSessionAndLeadsToTheSummary() {
        var flow = ScreenFlow.play()
        _ = flow.menuStarted(rounds: [FlowRound(condition: "one-target", targets: 1)])
        _ = flow.headphoneCheckPassed()
        #expect(flow.photoTaken() == [.finishSession])
        #expect(flow.screen == .roundResult)
        #expect(flow.sessionComplete)
        #expect(flow.continuePressed() == [])
        #expect(flow.screen == .summary)
        #expect(flow.continuePressed() == [.exit])
    }

    @Test func aStudyShowsABreakScreenOnlyWhereTheConditionChanges() {
        let rounds = [
            FlowRound(condition: "one-target", targets: 1), FlowRound(condition: "one-target", targets: 1),
            FlowRound(condition: "two-targets", targets: 2),
        ]
        var flow = ScreenFlow.study(rounds: rounds, participantRegistered: true)
        #expect(flow.screen == .headphoneCheck)
        _ = flow.headphoneCheckPassed()
        _ = flow.photoTaken()
        #expect(flow.continuePressed() == [.startRound(1)])
        _ = flow.photoTaken()
        #expect(flow.continuePressed() == [])
        #expect(flow.screen == .conditionBreak)
        #expect(flow.nextRound?.condition == "two-targets")
        #expect(flow.continuePressed() == [.startRound(2)])
        #expect(flow.progressLine == "Round 3 of 3 — two targets")
    }

    @Test func anUnregisteredStudyParticipantFillsInTheSheetFirst() {
        var flow = ScreenFlow.study(rounds: twoTargetRounds(1), participantRegistered: false)
        #expect(flow.screen == .participantSheet)
        #expect(flow.headphoneCheckPassed() == [])
        _ = flow.participantSheetSubmitted()
        #expect(flow.screen == .headphoneCheck)
    }

    @Test func theProgressLineNamesTheRoundTheTotalAndTheCondition() {
        let rounds = (0..<9).map { FlowRound(condition: $0 < 3 ? "one-target" : "two-targets-background", targets: 1) }
        let flow = ScreenFlow.study(rounds: rounds, participantRegistered: true, firstRound: 3)
        #expect(flow.progressLine == "Round 4 of 9 — two targets with background")
    }

    @Test func pauseResumeAndRecentreReturnToTheRunningRound() {
        var flow = ScreenFlow.play()
        _ = flow.menuStarted(rounds: twoTargetRounds(1))
        _ = flow.headphoneCheckPassed()
        #expect(flow.pause() == [.pauseRound])
        #expect(flow.screen == .paused)
        #expect(flow.photoTaken() == [], "a photo cannot be taken while paused")
        #expect(flow.resume() == [.resumeRound])
        _ = flow.pause()
        #expect(flow.recentreAndResume() == [.recentre, .resumeRound])
        #expect(flow.screen == .running)
    }

    @Test func quittingMidSessionAbandonsItAndShowsTheSummaryOfWhatWasPlayed() {
        var flow = ScreenFlow.play()
        _ = flow.menuStarted(rounds: twoTargetRounds(3))
        _ = flow.headphoneCheckPassed()
        _ = flow.photoTaken()
        _ = flow.continuePressed()
        _ = flow.pause()
        #expect(flow.quit() == [.abandonSession])
        #expect(flow.screen == .summary)
        #expect(flow.quitEarly)
    }

    @Test func anUnpluggedControllerPausesTheRoundWithItsReason() {
        var flow = ScreenFlow.play()
        _ = flow.menuStarted(rounds: twoTargetRounds(1))
        _ = flow.headphoneCheckPassed()
        #expect(flow.pause(reason: "The controller was unplugged.") == [.pauseRound])
        #expect(flow.pauseReason == "The controller was unplugged.")
        _ = flow.resume()
        #expect(flow.pauseReason == nil)
    }

    @Test func aFailureMidSessionKeepsTheDataByAbandoningTheSession() {
        var flow = ScreenFlow.play()
        _ = flow.menuStarted(rounds: twoTargetRounds(1))
        _ = flow.headphoneCheckPassed()
        #expect(flow.fail("The audio device disappeared.") == [.abandonSession])
        #expect(flow.screen == .error("The audio device disappeared."))
        #expect(flow.continuePressed() == [.exit])
    }

    @Test func startingWithoutRoundsStaysOnTheMenu() {
        var flow = ScreenFlow.play()
        _ = flow.menuStarted(rounds: [])
        #expect(flow.screen == .mainMenu)
    }
}

@Suite struct ScreenFlowResumingTests {
    @Test func aResumedSessionStartsAtTheHeadphoneCheckOfTheRoundItContinuesAt() {
        let rounds = (0..<6).map { _ in FlowRound(condition: "two-targets", targets: 2) }
        var flow = ScreenFlow.resuming(rounds: rounds, roundIndex: 3, photosDone: 1, breaksBetweenConditions: true)
        #expect(flow.screen == .headphoneCheck)
        #expect(flow.progressLine == "Round 4 of 6 — two targets")
        #expect(flow.headphoneCheckPassed() == [.startRound(3)])
        #expect(flow.photoTaken() == [], "the round's first photo was logged before the resume")
        #expect(flow.screen == .roundResult)
    }

    /// Issue 29: the hearing procedures run in the one flow (they had a window loop of their own).
    @Test func theHearingTestAsksBeforeStoppingAndShowsTheProfileWhenItEnds() {
        var flow = ScreenFlow.hearing(.hearingTest)
        #expect(flow.screen.name == "hearing-test")
        #expect(flow.hearingTestStopAsked() == [])
        #expect(flow.screen == .hearingTestStop)
        #expect(flow.procedureFinished() == [], "no result while the stop question shows")
        #expect(flow.screen == .hearingTestStop)
        #expect(flow.hearingTestResumed() == [])
        #expect(flow.procedureFinished() == [])
        #expect(flow.screen == .profile)
        #expect(flow.continuePressed() == [.exit])
        var stopped = ScreenFlow.hearing(.hearingTest)
        _ = stopped.hearingTestStopAsked()
        #expect(stopped.quit() == [.exit], "Enter on the stop question closes without a summary")
    }

    @Test func thePitchMatchNamesEachQuestionsScreenAndAQuitClosesTheWindow() {
        var flow = ScreenFlow.hearing(.pitchProbe)
        #expect(flow.screen.name == "pitch-probe")
        #expect(flow.procedureFinished() == [], "nothing to save before the first question")
        #expect(flow.screen == .pitchProbe)
        _ = flow.pitchQuestionShown(.compare)
        #expect(flow.screen.name == "pitch-compare")
        _ = flow.pitchQuestionShown(.octave)
        #expect(flow.screen.name == "pitch-octave")
        _ = flow.pitchQuestionShown(.loudness)
        #expect(flow.screen.name == "pitch-loudness")
        #expect(flow.quit() == [.exit])
        var finished = ScreenFlow.hearing(.pitchMatch(.loudness))
        _ = finished.procedureFinished()
        #expect(finished.screen.name == "profile")
        _ = finished.pitchQuestionShown(.compare)
        #expect(finished.screen == .profile, "a question cannot follow the saved result")
    }
}
