// The tailored output stage measured on the engine's real output: notch, per-ear gains, kept cues, ceiling, no clicks.
import Foundation
import GameCore
import Testing

@testable import SpatialAudio

@Suite("Tailored output")
struct TailoredOutputTests {
    /// Level per ear (dB RMS) of a looping tone from `bearing`, 0.25 s measured after 0.5 s of settling.
    /// The volume is −50 dB so even +30 dB of gain stays far below the limiter's ceiling.
    private func toneLevels(_ frequency: Double, tailoring: OutputTailoring?, bearing: Double = 0) throws
        -> (left: Double, right: Double)
    {
        let engine = try SpatialAudioEngine()
        engine.masterGainDB = -50
        if let tailoring { _ = TailoredOutput(engine: engine, tailoring: tailoring) }
        // Whole cycles in one second, so the loop is seamless.
        let tone = TestSignals.sine(frequency: frequency.rounded(), seconds: 1)
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(tone), bearing: Bearing(degrees: bearing), looping: true)
        source.play()
        // Settles in blocks of the audio callback's size: the volume ramps down over the first block only (over
        // one long block the limiter would catch the unattenuated start and still be releasing afterwards).
        for _ in 0..<48 { _ = engine.render(frames: 512) }
        let block = engine.render(frames: 12_000)
        func level(_ channel: Int) -> Double {
            let samples = stride(from: channel, to: block.count, by: 2).map { Double(block[$0]) }
            return 10 * log10(samples.map { $0 * $0 }.reduce(0, +) / Double(samples.count))
        }
        return (level(0), level(1))
    }

    /// Tailored minus plain level, per ear, in dB.
    private func change(_ frequency: Double, _ tailoring: OutputTailoring) throws -> (left: Double, right: Double) {
        let plain = try toneLevels(frequency, tailoring: nil)
        let tailored = try toneLevels(frequency, tailoring: tailoring)
        return (tailored.left - plain.left, tailored.right - plain.right)
    }

    @Test(
        "The notch is at least 40 dB deep across its central half and within 1 dB below fc/2 and above 2·fc",
        arguments: [(1000.0, 1.0), (4000, 1), (8000, 1), (4000, 0.5), (4000, 0.25)])
    func notchDepthAndFlatness(centre: Double, width: Double) throws {
        let tailoring = OutputTailoring(notch: NotchSetting(centerHz: centre, widthOctaves: width))
        let inside = stride(from: -1.0, through: 1.0, by: 0.5).map { centre * pow(2, $0 * width / 4) }
        let outside = [centre / 4, centre / 2, centre * 2, centre * 2.8].filter { $0 < 20_000 && $0 >= 100 }
        var shallowest = Double.infinity
        for frequency in inside {
            let cut = try change(frequency, tailoring)
            shallowest = min(shallowest, -cut.left, -cut.right)
        }
        var worstFlatness = 0.0
        for frequency in outside {
            let cut = try change(frequency, tailoring)
            worstFlatness = max(worstFlatness, abs(cut.left), abs(cut.right))
        }
        print(
            String(
                format: "notch %.0f Hz, %.2f oct: depth ≥ %.1f dB in the central half, flat within %.2f dB outside",
                centre, width, shallowest, worstFlatness))
        #expect(shallowest >= 40)
        #expect(worstFlatness <= 1)
    }

    /// A sloping loss, worse on the right.
    private let audiogram = Audiogram(
        unit: .hearingLevel,
        left: [250: 10, 500: 15, 1000: 20, 2000: 30, 4000: 40, 6000: 45, 8000: 50],
        right: [250: 20, 500: 25, 1000: 30, 2000: 45, 4000: 55, 6000: 60, 8000: 65])

    @Test("Half-gain gives half the loss at every audiogram frequency, per ear, within 1 dB")
    func halfGainMatchesTheFormula() throws {
        let tailoring = OutputTailoring(
            audiogram: audiogram, rule: .halfGain, maxGainDB: 40, notch: nil, ceilingDBFS: -1, profileVersion: 1)
        for frequency in Audiogram.standardFrequencies {
            let measured = try change(frequency, tailoring)
            let expected = (audiogram.left[frequency]! / 2, audiogram.right[frequency]! / 2)
            print(
                String(
                    format: "half-gain %5.0f Hz: left %.2f (formula %.1f), right %.2f (formula %.1f)", frequency,
                    measured.left, expected.0, measured.right, expected.1))
            #expect(abs(measured.left - expected.0) <= 1)
            #expect(abs(measured.right - expected.1) <= 1)
        }
    }

    @Test("NAL-R gives 0.31·H + 0.15·(H500+H1k+H2k)/3 + k, negatives 0, capped, per ear within 1 dB")
    func nalRMatchesTheFormula() throws {
        let tailoring = OutputTailoring(
            audiogram: audiogram, rule: .nalR, maxGainDB: 20, notch: nil, ceilingDBFS: -1, profileVersion: 1)
        let k: [Double: Double] = [250: -17, 500: -8, 1000: 1, 2000: -1, 4000: -2, 6000: -2, 8000: -2]
        for frequency in Audiogram.standardFrequencies {
            let measured = try change(frequency, tailoring)
            func formula(_ levels: [Double: Double]) -> Double {
                let average = (levels[500]! + levels[1000]! + levels[2000]!) / 3
                return min(20, max(0, 0.31 * levels[frequency]! + 0.15 * average + k[frequency]!))
            }
            let expected = (formula(audiogram.left), formula(audiogram.right))
            print(
                String(
                    format: "NAL-R %5.0f Hz: left %.2f (formula %.2f), right %.2f (formula %.2f)", frequency,
                    measured.left, expected.0, measured.right, expected.1))
            #expect(abs(measured.left - expected.0) <= 1)
            #expect(abs(measured.right - expected.1) <= 1)
        }
    }

    @Test("Equal gains on both ears leave ILD (0.5 dB) and ITD (10 µs) unchanged at 8 bearings")
    func equalGainsKeepTheCues() throws {
        let flat = Audiogram(
            unit: .hearingLevel, left: [250: 40, 1000: 40, 4000: 40, 8000: 40],
            right: [250: 40, 1000: 40, 4000: 40, 8000: 40])
        let tailoring = OutputTailoring(
            audiogram: flat, rule: .halfGain, maxGainDB: 20, notch: nil, ceilingDBFS: -1, profileVersion: 1)
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            let plainEngine = try SpatialAudioEngine()
            plainEngine.masterGainDB = -50
            _ = plainEngine.render(frames: 512)
            let plain = InterauralMeter.measure(
                interleaved: try TestSignals.renderNoise(bearing: bearing, engine: plainEngine))
            let tailoredEngine = try SpatialAudioEngine()
            tailoredEngine.masterGainDB = -50
            _ = TailoredOutput(engine: tailoredEngine, tailoring: tailoring)
            _ = tailoredEngine.render(frames: 512)
            let tailored = InterauralMeter.measure(
                interleaved: try TestSignals.renderNoise(bearing: bearing, engine: tailoredEngine))
            let itdChangeMicroseconds = abs(tailored.itdSeconds - plain.itdSeconds) * 1e6
            print(
                String(
                    format: "%3.0f°: ILD %.2f → %.2f dB, ITD %.1f → %.1f µs, left level +%.2f dB", bearing,
                    plain.ildDB, tailored.ildDB, plain.itdSeconds * 1e6, tailored.itdSeconds * 1e6,
                    tailored.leftLevelDB - plain.leftLevelDB))
            #expect(abs(tailored.ildDB - plain.ildDB) <= 0.5)
            #expect(itdChangeMicroseconds <= 10)
            #expect(tailored.leftLevelDB - plain.leftLevelDB > 15, "the gain must really be applied")
        }
    }

    @Test("Ten sources at full gain with +20 dB ear gains never exceed the −1 dBFS ceiling, and blocks are counted")
    func ceilingIsNeverExceeded() throws {
        let engine = try SpatialAudioEngine()
        let flat = Audiogram(unit: .hearingLevel, left: [1000: 60], right: [1000: 60])
        let output = TailoredOutput(
            engine: engine,
            tailoring: OutputTailoring(
                audiogram: flat, rule: .halfGain, maxGainDB: 20, notch: nil, ceilingDBFS: -1, profileVersion: 1))
        engine.masterGainDB = 0
        let buffer = try engine.makeBuffer(TestSignals.whiteNoise(seconds: 1))
        var sources: [SpatialSource] = []
        for index in 0..<10 {
            let source = try engine.makeSource(
                buffer: buffer, bearing: Bearing(degrees: Double(index) * 36), gainDB: 20, looping: true)
            source.play()
            sources.append(source)
        }
        let ceiling = Float(pow(10, -1.0 / 20))
        var peak: Float = 0
        for _ in 0..<100 { peak = max(peak, engine.render(frames: 512).map(abs).max()!) }
        print(
            String(
                format: "10 sources: peak %.4f dBFS, %d of 100 blocks limited", 20 * log10(Double(peak)),
                output.limiter.limitedBlocks))
        #expect(peak <= ceiling)
        #expect(peak > ceiling * 0.9, "the test must drive the limiter")
        #expect(output.limiter.limitedBlocks > 50)
    }

    @Test("A quiet signal passes the limiter untouched and no block is counted")
    func quietSignalIsNotLimited() throws {
        let plain = try toneLevels(1000, tailoring: nil)
        let engine = try SpatialAudioEngine()
        let output = TailoredOutput(engine: engine, tailoring: .none)
        engine.masterGainDB = -50
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.sine(frequency: 1000, seconds: 1)), looping: true)
        source.play()
        _ = engine.render(frames: 24_000)
        let block = engine.render(frames: 12_000)
        let left = stride(from: 0, to: block.count, by: 2).map { Double(block[$0]) }
        let level = 10 * log10(left.map { $0 * $0 }.reduce(0, +) / Double(left.count))
        #expect(abs(level - plain.left) < 0.01)
        #expect(output.limiter.limitedBlocks == 0)
    }

    @Test("Changing notch and gains while a tone plays makes no step larger than the louder tone's own")
    func settingChangesDoNotClick() throws {
        let engine = try SpatialAudioEngine()
        let output = TailoredOutput(engine: engine, tailoring: .none)
        engine.masterGainDB = -12
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.sine(frequency: 1000, seconds: 1)), looping: true)
        source.play()
        _ = engine.render(frames: 24_000)
        let steady = (0..<8).flatMap { _ in engine.render(frames: 512) }
        let loud = OutputTailoring(
            audiogram: Audiogram(unit: .hearingLevel, left: [1000: 20], right: [1000: 20]), rule: .halfGain,
            maxGainDB: 20, notch: nil, ceilingDBFS: -1, profileVersion: 1)
        let notched = OutputTailoring(notch: NotchSetting(centerHz: 1000, widthOctaves: 1))
        var changing: [Float] = Array(steady.suffix(2))
        for setting in [loud, notched, .none, notched, loud, .none] {
            output.apply(setting)
            changing += engine.render(frames: 512)
            changing += engine.render(frames: 512)
        }
        // The loudest setting (+10 dB) bounds the tone's own step.
        let toneStep = TestSignals.largestStep(steady) * Float(pow(10, 10.0 / 20))
        let worst = TestSignals.largestStep(changing)
        print("tone step at +10 dB \(toneStep), worst step while changing \(worst)")
        #expect(worst <= toneStep * 1.05)
    }
}
