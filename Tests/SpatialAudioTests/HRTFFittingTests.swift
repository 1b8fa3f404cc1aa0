// The pieces of `hrtf import` on synthetic data: SHA-256, minimum phase, the horizontal-plane rules, the MHR layout.
import Foundation
import Testing
import TidyFormats

@testable import SpatialAudio

@Suite("HRTF fitting")
struct HRTFFittingTests {
    @Test("SHA-256 gives the FIPS 180-4 digests of \"abc\" and of the empty message")
    func sha256Vectors() {
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Data(repeating: 0x61, count: 1000)  // crosses several 64-byte blocks
        #expect(SHA256.hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("The minimum-phase filter keeps the magnitude response (within 0.1 dB) and moves the energy to the start")
    func minimumPhaseKeepsMagnitude() {
        // A delayed two-tap comb: maximum energy at tap 40, a clear spectral shape.
        var response = [Double](repeating: 0, count: 256)
        response[40] = 1
        response[43] = -0.5
        let filter = MinimumPhase.filter(response, length: 128)
        let original = HorizontalHRTF.peakGain(response)
        #expect(abs(20 * log10(HorizontalHRTF.peakGain(filter) / original)) < 0.1)
        let energyEarly = filter.prefix(8).reduce(0) { $0 + $1 * $1 }
        let energy = filter.reduce(0) { $0 + $1 * $1 }
        #expect(energyEarly / energy > 0.99)
        #expect(abs(MinimumPhase.interauralLag(left: response, right: filter, maximumLag: 60) - 40) < 0.6)
    }

    private func measurements(elevation: Double, azimuthStep: Double) -> SOFAMeasurements {
        let impulse = [1.0] + [Double](repeating: 0, count: 63)
        let azimuths = stride(from: 0.0, to: 360, by: azimuthStep)
        return SOFAMeasurements(
            sampleRate: 48_000,
            measurements: azimuths.map {
                .init(azimuth: $0, elevation: elevation, distance: 1, left: impulse, right: impulse)
            }, label: "synthetic")
    }

    @Test("No measurement within ±10° of the horizontal plane, or a gap above 30°, is one sentence naming the file")
    func horizontalPlaneRules() {
        #expect(throws: HRTFImportError.noHorizontalPlane(path: "up.sofa", closestElevation: 40)) {
            try HorizontalHRTF(
                fitting: measurements(elevation: 40, azimuthStep: 5), path: "up.sofa", sampleRate: 48_000)
        }
        #expect(throws: HRTFImportError.tooSparse(path: "sparse.sofa", largestGapDegrees: 45)) {
            try HorizontalHRTF(
                fitting: measurements(elevation: 0, azimuthStep: 45), path: "sparse.sofa", sampleRate: 48_000)
        }
        let sentence = HRTFImportError.noHorizontalPlane(path: "up.sofa", closestElevation: 40).description
        #expect(sentence.contains("'up.sofa'") && sentence.contains("40.0°"))
    }

    @Test("The MHR file has OpenAL Soft's MinPHR02 layout: header, 5 rings (1, 72, 72, 72, 1), 24-bit taps, delays")
    func mhrLayout() throws {
        let hrtf = try HorizontalHRTF(
            fitting: measurements(elevation: 0, azimuthStep: 10), path: "flat.sofa", sampleRate: 48_000)
        let data = [UInt8](MHRWriter.data(hrtf))
        #expect(Array(data.prefix(8)) == Array("MinPHR02".utf8))
        #expect(Int(data[8]) | Int(data[9]) << 8 | Int(data[10]) << 16 == 48_000)
        #expect(Array(data[12...15]) == [1, 1, 128, 1])
        #expect(Int(data[16]) | Int(data[17]) << 8 == 1000)
        #expect(Array(data[18...23]) == [5, 1, 72, 72, 72, 1])
        let filters = 1 + 72 * 3 + 1
        #expect(data.count == 24 + filters * 128 * 2 * 3 + filters * 2)
        // A flat response normalised to 0 dB peak gain: the first tap is (almost) full scale, no delay.
        let first = Int(data[24]) | Int(data[25]) << 8 | Int(data[26]) << 16
        #expect(first > 8_300_000)
        #expect(data.suffix(filters * 2).allSatisfy { $0 == 0 })
    }
}
