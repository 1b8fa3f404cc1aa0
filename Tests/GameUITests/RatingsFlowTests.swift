// The questionnaire screens in the flow: after the headphone check before round 1, after the last round before the summary.
import StudyKit
import StudyRecords
import Testing

@testable import GameUI

@Suite struct RatingsFlowTests {
    private func study(_ moments: Set<RatingMoment>) -> ScreenFlow {
        var flow = ScreenFlow.study(
            rounds: [FlowRound(condition: "one-target", targets: 1)], participantRegistered: true)
        flow.adoptRatings(moments)
        return flow
    }

    @Test func beforeAndAfterFrameTheRounds() {
        var flow = study([.before, .after])
        #expect(flow.headphoneCheckPassed() == [])
        #expect(flow.screen == .ratings(.before))
        #expect(flow.screen.name == "ratings-before")
        #expect(flow.questionnaireFinished() == [.startRound(0)])
        #expect(flow.photoTaken() == [.finishSession])
        #expect(flow.continuePressed() == [])
        #expect(flow.screen == .ratings(.after))
        #expect(flow.questionnaireFinished() == [])
        #expect(flow.screen == .summary)
    }

    @Test func withoutRatingsTheFlowIsUnchangedAndAResumedSessionAsksOnlyAfter() {
        var plain = study([])
        #expect(plain.headphoneCheckPassed() == [.startRound(0)])
        _ = plain.photoTaken()
        _ = plain.continuePressed()
        #expect(plain.screen == .summary)
        var resumed = study([.after])
        #expect(resumed.headphoneCheckPassed() == [.startRound(0)])
    }

    @Test func quittingDuringTheBeforeQuestionsKeepsTheSessionResumable() {
        var flow = study([.before, .after])
        _ = flow.headphoneCheckPassed()
        #expect(flow.quit() == [.abandonSession])
        #expect(flow.screen == .summary)
    }
}
