// The input maths fed by SDL: gyro integration with bias calibration, keyboard and stick rates, mouse sensitivity.
import Foundation
import Testing

@testable import GameCore

@Suite struct InputMathTests {
    /// Samples at `rate` Hz of a turn whose counter-clockwise rate about y (or z) follows `omega`, plus `bias`.
    func stream(
        seconds: Double, rate: Double = 200, start: Double = 0, bias: Double, axis: GyroIntegrator.Axis = .yaw,
        omega: (Double) -> Double
    ) -> [GyroSample] {
        let count = Int(seconds * rate)
        return (0...count).map { i in
            let t = Double(i) / rate
            let w = omega(t) + bias
            return GyroSample(
                time: MonotonicTime(seconds: start + t), x: 0.003, y: axis == .yaw ? w : 0.001,
                z: axis == .roll ? w : -0.002)
        }
    }

    /// A smooth 90° clockwise turn over 1.5 s: ω(t) = −(π/2)/T × (1 − cos(2πt/T)), integrating to −π/2.
    func clockwiseQuarterTurn(_ t: Double) -> Double {
        let duration = 1.5
        guard t >= 0, t <= duration else { return 0 }
        return -(Double.pi / 2) / duration * (1 - cos(2 * .pi * t / duration))
    }

    @Test func aNinetyDegreeTurnAt200HzWithAConstantBiasEndsAtNinetyAfterCalibration() {
        let bias = 0.02  // rad/s: 1.15°/s, i.e. about 3.4° of drift over this stream if uncorrected
        var gyro = GyroIntegrator()
        let rest = stream(seconds: 1, bias: bias) { _ in 0 }
        let calibrated = gyro.calibrate(restSamples: rest)
        #expect(calibrated)
        for sample in stream(seconds: 3, start: 1, bias: bias, omega: { self.clockwiseQuarterTurn($0 - 0.5) }) {
            gyro.add(sample)
        }
        #expect(abs(gyro.heading.relative(to: Bearing(degrees: 90))) <= 1)
    }

    @Test func withoutCalibrationTheBiasDriftsTheHeading() {
        var gyro = GyroIntegrator()
        for sample in stream(seconds: 3, bias: 0.02, omega: { self.clockwiseQuarterTurn($0 - 0.5) }) {
            gyro.add(sample)
        }
        #expect(abs(gyro.heading.relative(to: Bearing(degrees: 90))) > 2)
    }

    @Test func calibrationRefusesSamplesTakenWhileMoving() {
        var gyro = GyroIntegrator()
        let moving = stream(seconds: 1, bias: 0.02) { t in sin(10 * t) }
        let calibrated = gyro.calibrate(restSamples: moving)
        #expect(!calibrated)
        #expect(gyro.bias.y == 0)
        #expect(!GyroIntegrator.isAtRest(Array(moving.prefix(5))), "too few samples")
    }

    @Test func theRollAxisIntegratesZAndSensitivityScales() {
        var gyro = GyroIntegrator(axis: .roll, sensitivity: 2)
        for sample in stream(seconds: 2, bias: 0, axis: .roll, omega: { self.clockwiseQuarterTurn($0) }) {
            gyro.add(sample)
        }
        #expect(abs(gyro.heading.relative(to: Bearing(degrees: 180))) < 0.5)
    }

    @Test func invertedTurnsTheOtherWayAndRecentreMakesForwardZero() {
        var gyro = GyroIntegrator(inverted: true)
        for sample in stream(seconds: 2, bias: 0, omega: { self.clockwiseQuarterTurn($0) }) { gyro.add(sample) }
        #expect(abs(gyro.heading.relative(to: Bearing(degrees: 270))) < 0.5)
        gyro.recentre()
        #expect(gyro.heading == .forward)
    }

    @Test func aGapInTheSampleStreamIsNotIntegrated() {
        var gyro = GyroIntegrator()
        gyro.add(GyroSample(time: MonotonicTime(seconds: 0), x: 0, y: -1, z: 0))
        gyro.add(GyroSample(time: MonotonicTime(seconds: 5), x: 0, y: -1, z: 0))
        #expect(gyro.unwrappedDegrees == 0)
    }

    @Test func keysTurnAtTheConfiguredRateAndShiftTurnsFinely() {
        let keys = KeyboardRotation(degreesPerSecond: 120, fineFactor: 0.25)
        #expect(keys.degrees(direction: 1, fine: false, seconds: 0.5) == 60)
        #expect(keys.degrees(direction: -1, fine: true, seconds: 1) == -30)
        #expect(keys.degrees(direction: 0, fine: false, seconds: 1) == 0)
    }

    @Test func aStickTurnsNothingInsideItsDeadZoneAndFullRateAtFullDeflection() {
        let stick = KeyboardRotation(degreesPerSecond: 100, stickDeadZone: 0.2)
        #expect(stick.degrees(stickDeflection: 0.15, fine: false, seconds: 1) == 0)
        #expect(stick.degrees(stickDeflection: -1, fine: false, seconds: 1) == -100)
        #expect(abs(stick.degrees(stickDeflection: 0.6, fine: false, seconds: 1) - 50) < 1e-9)
    }

    @Test func mouseCountsTurnByTheSensitivity() {
        #expect(MouseRotation(degreesPerCount: 0.25).degrees(counts: -40) == -10)
    }

    @Test func thePlayerHeadingAccumulatesTurnsAndRecentres() {
        let heading = PlayerHeading()
        heading.turn(by: -30)
        #expect(heading.heading == Bearing(degrees: 330))
        heading.recentre()
        #expect(heading.heading == .forward)
    }
}
