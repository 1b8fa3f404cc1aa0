// The screen flow of training: no break screens between conditions, and the menu's progress screen and back.
import Testing

@testable import GameUI

@Suite struct TrainingFlowTests {
    @Test func aTrainingSessionStartsAtTheHeadphoneCheckAndNeverStopsForAConditionBreak() {
        var flow = ScreenFlow.training(rounds: [
            FlowRound(condition: "one-target", targets: 1), FlowRound(condition: "two-targets", targets: 2),
        ])
        #expect(flow.screen == .headphoneCheck)
        _ = flow.headphoneCheckPassed()
        _ = flow.photoTaken()
        #expect(flow.screen == .roundResult)
        _ = flow.continuePressed()
        #expect(flow.screen == .running, "a patient's own session has no supervisor break")
    }

    @Test func myProgressOpensFromTheMenuAndGoesBackToIt() {
        var flow = ScreenFlow.play()
        _ = flow.progressShown()
        #expect(flow.screen == .progress)
        #expect(flow.screen.name == "progress")
        #expect(flow.continuePressed().isEmpty)
        #expect(flow.screen == .mainMenu)
        var running = ScreenFlow.training(rounds: [FlowRound(condition: "one-target", targets: 1)])
        _ = running.progressShown()
        #expect(running.screen == .headphoneCheck, "progress opens from the menu only")
    }

    @Test func aSessionEndedByItsMinutesGoesOnToTheQuestionsAfterOrTheSummary() {
        let rounds = (1...3).map { _ in FlowRound(condition: "one-target", targets: 1) }
        var flow = ScreenFlow.training(rounds: rounds)
        _ = flow.headphoneCheckPassed()
        _ = flow.photoTaken()
        // The round's result stays: the session ends only when the next round is to begin.
        #expect(flow.sessionEndedByTime().isEmpty && flow.screen == .roundResult)
        _ = flow.continuePressed()
        _ = flow.sessionEndedByTime()
        #expect(flow.screen == .summary)
        var asking = ScreenFlow.training(rounds: rounds)
        asking.adoptRatings([.before, .after])
        _ = asking.headphoneCheckPassed()
        _ = asking.questionnaireFinished()
        _ = asking.sessionEndedByTime()
        #expect(asking.screen == .ratings(.after))
    }
}

@Suite struct AlbumFromEndFlowTests {
    @Test func theAlbumOpenedFromATrainingSessionsEndGoesBackToTheEndAndFromTheMenuToTheMenu() {
        var flow = ScreenFlow.training(rounds: [FlowRound(condition: "one-target", targets: 1)])
        _ = flow.headphoneCheckPassed()
        _ = flow.photoTaken()
        _ = flow.continuePressed()
        #expect(flow.screen == .summary)
        _ = flow.albumShown()
        #expect(flow.screen == .album && flow.albumFromSummary)
        #expect(flow.continuePressed().isEmpty)
        #expect(flow.screen == .summary, "back to the end screen")
        #expect(flow.continuePressed() == [.exit], "which still closes")
        var menu = ScreenFlow.play()
        _ = menu.albumShown()
        #expect(menu.screen == .album && !menu.albumFromSummary)
        _ = menu.continuePressed()
        #expect(menu.screen == .mainMenu)
    }

    @Test func theAlbumFromTheEndSaysBackAndFromTheMenuBackToTheMenu() {
        #expect(
            ContinueFooter.back(toEndScreen: true).text == "Enter, Space, click, gamepad A or Esc: back")
        #expect(ContinueFooter.back().text == "Enter, Space, click, gamepad A or Esc: back to the menu")
    }
}
