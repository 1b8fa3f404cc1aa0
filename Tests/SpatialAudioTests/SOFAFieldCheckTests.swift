// `hrtf import` refuses impossible SOFA fields (delays, silent responses, distances, receivers) in one sentence.
import Foundation
import Testing

@testable import SpatialAudio

@Suite("SOFA field checks")
struct SOFAFieldCheckTests {
    static let path = "/tmp/bad.sofa"

    func invalidField(_ body: () throws -> Void) -> String {
        do {
            try body()
        } catch let error as HRTFImportError {
            if case .invalidField = error { return error.description }
            return "another error: \(error)"
        } catch {
            return "another error: \(error)"
        }
        return "accepted"
    }

    @Test(
        "A Data.Delay that is NaN, infinite, 1e30, 1e9 or negative is refused naming the field (it crashed, ate memory or was clamped)",
        arguments: [Double.nan, .infinity, 1e30, 1e9, -3])
    func impossibleDelaysAreRefused(delay: Double) {
        let message = invalidField {
            _ = try SOFAMeasurements.integerDelays([0, delay], measurements: 4, sampleRate: 44_100, path: Self.path)
        }
        #expect(message.contains("Data.Delay[1]"), "\(message)")
        #expect(message.contains(Self.path), "\(message)")
    }

    @Test("Delays from 0 to 0.1 s are taken, rounded to whole samples per receiver")
    func plausibleDelaysAreKept() throws {
        let delays = try SOFAMeasurements.integerDelays(
            [0, 12.6], measurements: 4, sampleRate: 44_100, path: Self.path)
        #expect(delays(3, 0) == 0 && delays(3, 1) == 13)
    }

    @Test("An all-zero impulse response is refused instead of importing a silent HRTF")
    func silentResponseIsRefused() {
        let impulse = [1.0] + [Double](repeating: 0, count: 31)
        let silent = [Double](repeating: 0, count: 32)
        let measurements = [
            SOFAMeasurements.Measurement(azimuth: 0, elevation: 0, distance: 1, left: impulse, right: impulse),
            SOFAMeasurements.Measurement(azimuth: 5, elevation: 0, distance: 1, left: impulse, right: silent),
        ]
        let message = invalidField { try SOFAMeasurements.checkMeasurements(measurements, path: Self.path) }
        #expect(message.contains("Data.IR[1]") && message.contains("right ear"), "\(message)")
    }

    @Test("A negative or zero source distance is refused", arguments: [-1.0, 0])
    func nonPositiveDistanceIsRefused(distance: Double) {
        let impulse = [1.0] + [Double](repeating: 0, count: 31)
        let measurements = [
            SOFAMeasurements.Measurement(azimuth: 0, elevation: 0, distance: distance, left: impulse, right: impulse)
        ]
        let message = invalidField { try SOFAMeasurements.checkMeasurements(measurements, path: Self.path) }
        #expect(message.contains("SourcePosition[0]"), "\(message)")
    }

    @Test("Both receivers at one position are refused: which ear is left would be a guess")
    func coincidentReceiversAreRefused() throws {
        let message = invalidField {
            _ = try SOFAMeasurements.leftReceiverIndex([0, 0.09, 0, 0, 0.09, 0], spherical: false, path: Self.path)
        }
        #expect(message.contains("ReceiverPosition"), "\(message)")
        #expect(
            try SOFAMeasurements.leftReceiverIndex([0, -0.09, 0, 0, 0.09, 0], spherical: false, path: Self.path) == 1)
    }
}
