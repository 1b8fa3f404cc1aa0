// A head tracker's raw yaw becomes a bearing through the calibration: forward direction and yaw sign.
import Testing

@testable import GameCore

@Suite struct TrackerCalibrationTests {
    @Test func theForwardRawYawIsBearingZeroAndATurnToTheRightIsPositive() {
        let calibration = TrackerCalibration(forwardRawYawDeg: 20, yawSign: 1)
        #expect(calibration.heading(rawYawDeg: 20) == .forward)
        #expect(abs(calibration.heading(rawYawDeg: 57).degrees - 37) < 1e-9)
        #expect(abs(calibration.heading(rawYawDeg: -10).degrees - 330) < 1e-9)
    }

    @Test func aNegativeSignMapsATrackerWhoseYawShrinksToTheRightOntoClockwiseBearings() {
        let calibration = TrackerCalibration(forwardRawYawDeg: 0, yawSign: -1)
        #expect(abs(calibration.heading(rawYawDeg: -37).degrees - 37) < 1e-9)
        #expect(abs(calibration.heading(rawYawDeg: 90).degrees - 270) < 1e-9)
    }

    @Test func theRawYawWrapsAcrossTheTrackersOwnPlusMinus180Seam() {
        let calibration = TrackerCalibration(forwardRawYawDeg: 170, yawSign: 1)
        #expect(abs(calibration.heading(rawYawDeg: -170).degrees - 20) < 1e-9)
    }

    @Test func theTurnRightStepFindsTheSignOnlyAfterAThirtyDegreeTurn() {
        #expect(TrackerCalibration.yawSign(forwardRawYawDeg: 20, turnedRawYawDeg: 45) == nil)
        #expect(TrackerCalibration.yawSign(forwardRawYawDeg: 20, turnedRawYawDeg: 60) == 1)
        #expect(TrackerCalibration.yawSign(forwardRawYawDeg: 0, turnedRawYawDeg: -40) == -1)
        #expect(TrackerCalibration.yawSign(forwardRawYawDeg: 170, turnedRawYawDeg: -150) == 1)
    }

    @Test func anySignOtherThanMinusOneIsPlusOne() {
        #expect(TrackerCalibration(forwardRawYawDeg: 0, yawSign: 5).yawSign == 1)
        #expect(TrackerCalibration(forwardRawYawDeg: 0, yawSign: -3).yawSign == -1)
    }
}
