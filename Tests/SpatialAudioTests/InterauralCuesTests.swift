// Measures the rendered sound itself: ILD and ITD signs and sizes per bearing, and rotation equivalence.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Interaural cues of the rendered sound")
struct InterauralCuesTests {
    static let bearings: [Double] = [0, 45, 90, 135, 180, 225, 270, 315]

    @Test("The engine renders binaurally with an HRTF by default")
    func hrtfIsEnabledByDefault() throws {
        let engine = try SpatialAudioEngine()
        #expect(engine.hrtf.enabled)
        #expect(engine.hrtf.name != nil)
        #expect(!engine.availableHRTFs.isEmpty)
    }

    @Test("Broadband noise is louder and earlier in the ear facing the source", arguments: bearings)
    func lateralCuesHaveTheRightSign(bearing: Double) throws {
        let cues = InterauralMeter.measure(interleaved: try TestSignals.renderNoise(bearing: bearing))
        print("bearing \(bearing): \(cues)")
        if bearing > 0 && bearing < 180 {
            #expect(cues.ildDB > 1, "right ear should be louder at \(bearing)°: \(cues)")
            #expect(cues.itdFrames > 0, "right ear should be earlier at \(bearing)°: \(cues)")
        } else if bearing > 180 {
            #expect(cues.ildDB < -1, "left ear should be louder at \(bearing)°: \(cues)")
            #expect(cues.itdFrames < 0, "left ear should be earlier at \(bearing)°: \(cues)")
        } else {
            #expect(abs(cues.ildDB) < 1, "front/back should be balanced at \(bearing)°: \(cues)")
            #expect(abs(cues.itdFrames) <= 2, "front/back should reach both ears together at \(bearing)°: \(cues)")
        }
    }

    @Test("A source at the side is at least 10 dB louder in the near ear", arguments: [90.0, 270.0])
    func sideSourcesGiveLargeLevelDifferences(bearing: Double) throws {
        let cues = InterauralMeter.measure(interleaved: try TestSignals.renderNoise(bearing: bearing))
        #expect(abs(cues.ildDB) >= 10, "\(cues)")
    }

    @Test("A source at 90° heard facing 90° renders like a source at 0° heard facing 0°")
    func rotatingTheListenerIsLikeRotatingTheSource() throws {
        let turned = try TestSignals.renderNoise(bearing: 90, heading: 90)
        let straight = try TestSignals.renderNoise(bearing: 0, heading: 0)
        let side = try TestSignals.renderNoise(bearing: 90, heading: 0)
        #expect(turned.count == straight.count)
        let difference = zip(turned, straight).map { abs($0 - $1) }.max() ?? 1
        let peak = straight.map(abs).max() ?? 0
        #expect(difference <= peak * 1e-3, "max sample difference \(difference) vs peak \(peak)")
        // The comparison can fail: the same noise from the side differs a lot.
        let sideDifference = zip(side, straight).map { abs($0 - $1) }.max() ?? 0
        #expect(sideDifference > peak * 0.1)
    }

    @Test("Turning toward a source on the right moves its cues to the middle")
    func headingChangesTheCues() throws {
        let engine = try SpatialAudioEngine()
        let buffer = try engine.makeBuffer(TestSignals.whiteNoise(seconds: 1))
        let source = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: 60), looping: true)
        source.play()
        _ = engine.render(frames: 4_800)
        let before = InterauralMeter.measure(interleaved: engine.render(frames: 12_000))
        engine.heading = Bearing(degrees: 60)
        _ = engine.render(frames: 4_800)
        let after = InterauralMeter.measure(interleaved: engine.render(frames: 12_000))
        #expect(before.ildDB > 5)
        #expect(abs(after.ildDB) < 1)
    }

    @Test("Each shipped target sound is clearly lateralised (at least 6 dB) at 90° and 270°")
    func shippedTargetsAreLateralised() throws {
        let catalog = try SoundCatalog.load(folder: SoundCatalogTests.shippedSounds)
        for entry in catalog.entries(role: .target) {
            for bearing in [90.0, 270.0] {
                let engine = try SpatialAudioEngine()
                let buffer = try engine.loadBuffer(file: entry.fileURL)
                let source = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: bearing), looping: true)
                source.play()
                // One full loop of the sound, so its silent gaps do not decide the result.
                let cues = InterauralMeter.measure(interleaved: engine.render(frames: buffer.frameCount))
                print("\(entry.name) at \(bearing)°: \(cues)")
                #expect(abs(cues.ildDB) >= 6, "\(entry.name) at \(bearing)°: \(cues)")
                #expect((cues.ildDB > 0) == (bearing == 90), "\(entry.name) at \(bearing)°: \(cues)")
            }
        }
    }
}
