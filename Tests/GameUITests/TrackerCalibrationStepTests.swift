// The head tracker's calibration screen and where it sits in the flow, without a window.
import GameCore
import Testing

@testable import GameUI

@Suite struct TrackerCalibrationStepTests {
    @Test func facingForwardThenTurningRightSetsForwardAndSign() {
        var step = TrackerCalibrationStep(givenYawSign: nil)
        step.confirmForward(rawYawDeg: 10)
        #expect(step.stage == .waitingForData, "no confirmation before data arrived")
        step.update(rawYawDeg: 10)
        #expect(step.stage == .faceForward)
        step.confirmForward(rawYawDeg: 10)
        #expect(step.stage == .turnRight(forwardRawYawDeg: 10))
        step.update(rawYawDeg: 25)
        #expect(step.calibration == nil, "15° is not yet a deliberate turn")
        step.update(rawYawDeg: -35)
        #expect(step.calibration == TrackerCalibration(forwardRawYawDeg: 10, yawSign: -1))
    }

    @Test func aGivenYawSignSkipsTheTurn() {
        var step = TrackerCalibrationStep(givenYawSign: -1)
        step.update(rawYawDeg: 5)
        step.confirmForward(rawYawDeg: 5)
        #expect(step.calibration == TrackerCalibration(forwardRawYawDeg: 5, yawSign: -1))
    }

    @Test func aTrackerFallingSilentBeforeConfirmationGoesBackToWaiting() {
        var step = TrackerCalibrationStep(givenYawSign: nil)
        step.update(rawYawDeg: 5)
        step.update(rawYawDeg: nil)
        #expect(step.stage == .waitingForData)
    }

    @Test func aTrackedPlaySessionCalibratesBeforeTheHeadphoneCheck() {
        var flow = ScreenFlow.play()
        flow.requireTrackerCalibration()
        _ = flow.menuStarted(rounds: [FlowRound(condition: "one-target", targets: 1)])
        #expect(flow.screen == .trackerCalibration)
        #expect(flow.headphoneCheckPassed() == [], "no round before the headphone check")
        #expect(flow.trackerCalibrated() == [])
        #expect(flow.screen == .headphoneCheck)
    }

    @Test func aTrackedStudyOfARegisteredParticipantStartsWithTheCalibration() {
        var flow = ScreenFlow.study(rounds: [FlowRound(condition: "a", targets: 1)], participantRegistered: true)
        flow.requireTrackerCalibration()
        #expect(flow.screen == .trackerCalibration)
        #expect(flow.quit() == [.exit], "nothing is logged yet")
    }
}
