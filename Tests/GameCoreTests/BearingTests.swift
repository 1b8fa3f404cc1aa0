// Pins the angle conventions (docs/ARCHITECTURE.md, GameCore.docc) as GameCore uses them: deviation, mirror, axes.
import Testing

@testable import GameCore

@Suite struct BearingTests {
    @Test func aTargetRightOfTheAimHasAPositiveDeviation() {
        #expect(Bearing.deviation(target: Bearing(degrees: 30), aim: Bearing(degrees: 10)) == 20)
        #expect(Bearing.deviation(target: Bearing(degrees: 350), aim: Bearing(degrees: 10)) == -20)
    }

    @Test func deviationWrapsIntoTheHalfOpenRangeAroundZero() {
        #expect(Bearing.deviation(target: Bearing(degrees: 180), aim: .forward) == 180)
        #expect(Bearing.deviation(target: .forward, aim: Bearing(degrees: 180)) == 180)
        #expect(Bearing.deviation(target: Bearing(degrees: 0), aim: Bearing(degrees: 181)) == 179)
    }

    @Test func theFrontBackMirrorKeepsTheSideAndSwapsFrontAndBack() {
        #expect(Bearing(degrees: 30).frontBackMirror(facing: .forward).degrees == 150)
        #expect(Bearing(degrees: 300).frontBackMirror(facing: .forward).degrees == 240)
        #expect(Bearing(degrees: 90).frontBackMirror(facing: .forward).degrees == 90)
        // Facing right, a source ahead-right (120) mirrors to behind-right (240).
        #expect(Bearing(degrees: 120).frontBackMirror(facing: Bearing(degrees: 90)).degrees == 240)
    }

    @Test func aCounterClockwiseDeviceYawBecomesANegativeBearing() {
        #expect(abs(Bearing(counterClockwiseRadians: .pi / 2).degrees - 270) < 1e-9)
        #expect(abs(Bearing(counterClockwiseRadians: -.pi / 2).degrees - 90) < 1e-9)
    }

    @Test func theThesisAngleOfForwardIsHalfPiAndConvertsBack() {
        #expect(abs(Bearing.forward.thesisAngleRadians - .pi / 2) < 1e-12)
        for degrees in stride(from: 0.0, to: 360, by: 15) {
            let bearing = Bearing(degrees: degrees)
            let back = Bearing(thesisAngleRadians: bearing.thesisAngleRadians)
            #expect(back.separation(from: bearing) < 1e-9)
        }
    }

    @Test func theHorizontalVectorPointsRightForABearingOfNinety() {
        let right = Bearing(degrees: 90).horizontalUnitVector
        #expect(abs(right.x - 1) < 1e-12 && abs(right.z) < 1e-12)
        let ahead = Bearing.forward.horizontalUnitVector
        #expect(abs(ahead.z + 1) < 1e-12)
    }
}
