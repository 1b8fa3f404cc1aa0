// The instrument screens in the flow: alone (then the window closes), a plan's before the headphone check and after the session.
import Testing

@testable import GameUI

@Suite struct InstrumentFlowTests {
    @Test func instrumentsAloneCloseTheWindowWhenFinished() {
        var flow = ScreenFlow.instruments()
        #expect(flow.screen == .instrument)
        #expect(flow.instrumentsFinished() == [.exit])
    }

    @Test func aPlansBaselineComesBeforeTheHeadphoneCheckAndItsFollowUpBetweenTheLastRoundAndTheSummary() {
        var flow = ScreenFlow.training(rounds: [FlowRound(condition: "one-target", targets: 1)])
        flow.askInstrumentsFirst()
        flow.askInstrumentsAfterSession()
        #expect(flow.screen == .instrument)
        #expect(flow.instrumentsFinished().isEmpty)
        #expect(flow.screen == .headphoneCheck)
        _ = flow.headphoneCheckPassed()
        #expect(flow.screen == .running)
        #expect(flow.photoTaken() == [.finishSession])
        _ = flow.continuePressed()
        #expect(flow.screen == .instrument, "after the last round: the plan's questionnaires")
        _ = flow.instrumentsFinished()
        #expect(flow.screen == .summary)
    }

    @Test func withTheSessionsQuestionsAfterThePlansQuestionnairesFollowThem() {
        var flow = ScreenFlow.training(rounds: [FlowRound(condition: "one-target", targets: 1)])
        flow.adoptRatings([.after])
        flow.askInstrumentsAfterSession()
        _ = flow.headphoneCheckPassed()
        _ = flow.photoTaken()
        _ = flow.continuePressed()
        #expect(flow.screen == .ratings(.after))
        _ = flow.questionnaireFinished()
        #expect(flow.screen == .instrument)
    }
}
