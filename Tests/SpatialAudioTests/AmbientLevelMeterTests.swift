// The ratings' ambient level (issue 45): generated signals of known level through the meter the capture feeds.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

struct AmbientLevelMeterTests {
    static let rate = 48_000.0

    /// A sine of `frequency` whose RMS is `dBFS` (a sine of RMS 1 is 0 dBFS), plus `offset` (a microphone's DC).
    static func tone(_ frequency: Double, dBFS: Double, seconds: Double = 2, offset: Double = 0) -> [Float] {
        let amplitude = pow(10, dBFS / 20) * 2.0.squareRoot()
        return (0..<Int(seconds * rate)).map {
            Float(offset + amplitude * sin(2 * .pi * frequency * Double($0) / rate))
        }
    }

    /// White Gaussian noise of RMS `dBFS`, the same every run.
    static func noise(dBFS: Double, seconds: Double = 2) -> [Float] {
        var random = SeededRandom(seed: 45)
        let rms = pow(10, dBFS / 20)
        return (0..<Int(seconds * rate)).map { _ in Float(rms * random.gaussian()) }
    }

    /// The meter's reading of `samples`, handed over in the capture callback's 1024-frame blocks.
    static func reading(_ samples: [Float]) -> AmbientReading? {
        let meter = AmbientLevelMeter(sampleRate: rate)
        samples.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: 1024) {
                meter.add(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + 1024)]))
            }
        }
        return meter.reading
    }

    @Test(arguments: [-6.0, -20, -45])
    func aToneReadsItsLevelWithinOneDecibel(level: Double) throws {
        let reading = try #require(Self.reading(Self.tone(1_000, dBFS: level)))
        #expect(abs(reading.dBFS - level) < 1, "\(reading)")
        #expect(abs(reading.aWeightedDBFS - level) < 1, "A-weighting is 0 dB at 1 kHz: \(reading)")
    }

    @Test(arguments: [-10.0, -30, -60])
    func noiseReadsItsLevelWithinOneDecibel(level: Double) throws {
        let reading = try #require(Self.reading(Self.noise(dBFS: level)))
        #expect(abs(reading.dBFS - level) < 1, "\(reading)")
    }

    @Test func aMicrophonesDCOffsetIsNoSound() throws {
        let reading = try #require(Self.reading(Self.tone(1_000, dBFS: -30, offset: 0.2)))
        #expect(abs(reading.dBFS + 30) < 1, "the 0.2 offset alone would read −14 dBFS: \(reading)")
    }

    /// IEC 61672-1's A-weighting table: −19.1 dB at 100 Hz, 0.0 at 1 kHz, −2.5 at 10 kHz, within class 1's
    /// tolerances there (±1.0, ±0.7, +2.0/−3.0 dB). The design reads −1.9 at 10 kHz (AWeightingDesign).
    @Test(arguments: [(100.0, -19.1, -1.0, 1.0), (1_000, 0, -0.7, 0.7), (10_000, -2.5, -3.0, 2.0)])
    func theAWeightingMatchesTheStandardsTable(frequency: Double, table: Double, below: Double, above: Double) throws {
        let reading = try #require(Self.reading(Self.tone(frequency, dBFS: -20)))
        let weighting = reading.aWeightedDBFS - reading.dBFS
        #expect(weighting >= table + below && weighting <= table + above, "\(frequency) Hz: \(weighting) dB")
    }

    @Test func silenceOrTooShortAStretchIsNoLevel() {
        #expect(Self.reading([Float](repeating: 0, count: 96_000)) == nil, "digital zeros: no microphone's signal")
        #expect(Self.reading(Self.tone(1_000, dBFS: -20, seconds: 0.5)) == nil, "0.4 s counted after settling")
        #expect(Self.reading(Self.tone(1_000, dBFS: -20, seconds: 0.7)) != nil)
    }
}
