// The imported animal calls: libebur128's calibration, trimming, the loop's joint, levelling, the import and its fallback.
import Foundation
import Testing
import TidyFormats

@testable import SpatialAudio

extension Trait where Self == ConditionTrait {
    /// Debian's tuxpaint-stamps-default, which scripts/install-deps.sh installs.
    static var needsTuxpaintStamps: Self {
        .enabled(
            if: !AnimalLibrary.recordings(in: AnimalLibrary.debianStamps).isEmpty,
            "needs Debian's tuxpaint-stamps-default (scripts/install-deps.sh installs it)")
    }
}

@Suite("Animal library")
struct AnimalLibraryTests {
    /// A call-like test sound: noise bursts under a smooth envelope, with `silence` seconds of quiet noise
    /// (at −70 dBFS) before and after.
    static func call(seconds: Double, silence: Double, sampleRate: Int = 44_100, seed: UInt64 = 7) -> MonoAudio {
        let noise = TestSignals.whiteNoise(seconds: seconds + 2 * silence, sampleRate: sampleRate, seed: seed).samples
        let callStart = Int(silence * Double(sampleRate))
        let callFrames = Int(seconds * Double(sampleRate))
        let samples = noise.enumerated().map { index, sample -> Float in
            let inCall = index - callStart
            guard inCall >= 0, inCall < callFrames else { return sample * 0.000_6 }
            let envelope = sin(Double.pi * Double(inCall) / Double(callFrames))
            return sample * Float(envelope)
        }
        return MonoAudio(samples: samples, sampleRate: sampleRate)
    }

    @Test("libebur128 measures a full-scale 997 Hz sine at −3.01 LUFS, as BS.1770 defines")
    func aFullScaleSineMeasuresMinusThreeLUFS() throws {
        let sine = TestSignals.sine(frequency: 997, amplitude: 1, seconds: 3)
        let loudness = try Loudness.measure(sine)
        #expect(abs(loudness.integratedLUFS - -3.01) < 0.05)
        #expect(abs(loudness.samplePeakDBFS) < 0.01)
    }

    @Test("Trimming keeps the call and drops the quiet background around it")
    func trimmingDropsTheSilenceAroundACall() throws {
        let audio = Self.call(seconds: 1, silence: 0.5)
        let measured = try CallMeasurement.measure(audio)
        let trimmed = CallPreparation.trim(audio, noiseFloorDBFS: measured.noiseFloorDBFS)
        // The envelope's first and last few milliseconds are within 50 dB of the loudest frame but quiet; one
        // 10 ms frame of margin is kept each side.
        #expect(trimmed.durationSeconds > 0.9 && trimmed.durationSeconds < 1.05, "\(trimmed.durationSeconds) s")
    }

    @Test("A looped call joins its end to its start with no step larger than its own largest step")
    func theLoopPointHasNoClick() throws {
        // 1.013 s of a 440 Hz sine ends mid-period: looped as is, its joint is a step.
        let tone = TestSignals.sine(frequency: 440, amplitude: 0.5, seconds: 1.013, sampleRate: 44_100)
        func joint(_ samples: [Float]) -> Float { abs(samples[0] - samples[samples.count - 1]) }
        func largestStep(_ samples: [Float]) -> Float {
            zip(samples.dropFirst(), samples).map { abs($0 - $1) }.max() ?? 0
        }
        #expect(joint(tone.samples) > 2 * largestStep(tone.samples))
        let looped = CallPreparation.loop(tone)
        #expect(joint(looped.samples) <= largestStep(looped.samples))
        #expect(looped.samples.count == tone.samples.count - Int(44_100 * CallPreparation.crossFadeSeconds))
    }

    @Test("Levelling brings a call to the target loudness")
    func levellingHitsTheTarget() throws {
        let levelled = try CallPreparation.level(Self.call(seconds: 2, silence: 0.2))
        #expect(abs(try Loudness.measure(levelled).integratedLUFS - CallPreparation.targetLUFS) < 0.05)
    }

    @Test("White noise spreads 90 % of its energy over most of the band; a tone holds it in a few bins")
    func theNinetyPercentBandOfNoiseAndOfATone() throws {
        let noise = try CallMeasurement.measure(TestSignals.whiteNoise(seconds: 2))
        #expect(abs(noise.bandLowHz - 1_200) < 150 && abs(noise.bandHighHz - 22_800) < 150)
        #expect(abs(noise.spectralCentroidHz - 12_000) < 300)
        // A steady tone has no quiet frames to find a noise floor in: 0.4 s of near-silence each side gives it one.
        var samples = TestSignals.sine(frequency: 1_000, seconds: 2).samples
        for index in samples.indices where index < 19_200 || index >= 76_800 { samples[index] *= 0.000_5 }
        let tone = try CallMeasurement.measure(MonoAudio(samples: samples, sampleRate: 48_000))
        #expect(tone.snrDB > 40)
        #expect(abs(tone.spectralCentroidHz - 1_000) < 20)
        #expect(tone.bandwidthOctaves < 0.1)
        #expect(
            CallAcceptance.rejection(
                source: tone, sourceSamples: 96_000, loopSeconds: 2, levelledPeakDBFS: -10)?.hasPrefix("narrow") == true
        )
    }

    /// A roar as the lion's stamp has it (1.8 s, cut at the roar's start, no pause): from its first frame at
    /// about −30 dBFS it climbs over 200 ms, then sways between −16 and −10 dBFS to the file's end, over a
    /// background far below. Its quietest 5 % of frames are that climb, which the 5th percentile took for the
    /// background (an SNR of about 11 dB here, 14.1 for the lion; refused); with the same roar after 0.3 s of background at −22 dBFS the
    /// background is measured in that pause and the call is refused, as before.
    static func roar(pause: Double, backgroundDBFS: Double) -> MonoAudio {
        let rate = 44_100
        let noise = TestSignals.whiteNoise(seconds: 1.8 + pause, sampleRate: rate).samples
        let unit = 3.0.squareRoot() / 0.55  // TestSignals' noise is uniform in ±0.55: its RMS is 0.55/√3
        let background = Float(pow(10, backgroundDBFS / 20) * unit)
        let onset = Int(pause * Double(rate))
        return MonoAudio(
            samples: noise.indices.map { index in
                let t = Double(index - onset) / Double(rate)
                guard t >= 0 else { return noise[index] * background }
                let sway = -13 + 3 * sin(2 * Double.pi * 1.3 * t)  // the roar's own rise and fall, dBFS
                let level = t < 0.2 ? -30 + (sway + 30) * t / 0.2 : sway
                return noise[index] * (Float(pow(10, level / 20) * unit) + background)
            }, sampleRate: rate)
    }

    @Test("A call without a pause is judged by its quietest frame, not by its own onset; a pause is still measured")
    func aCallWithoutAPauseIsJudgedFairly() throws {
        let lion = try CallMeasurement.measure(Self.roar(pause: 0, backgroundDBFS: -70))
        // The old measure (5th percentile of all frames) on the same roar, for the record of what went wrong.
        let levels = CallMeasurement.frameLevelsDB(Self.roar(pause: 0, backgroundDBFS: -70)).sorted()
        let oldSNR = CallMeasurement.percentile(levels, 0.95) - CallMeasurement.percentile(levels, 0.05)
        #expect(oldSNR < CallAcceptance.minimumSNRDB, "the synthetic roar reproduces the lion's rejection: \(oldSNR)")
        #expect(lion.floorInPauses == false)
        #expect(abs(lion.noiseFloorDBFS - levels[0]) < 1e-9)
        #expect(lion.snrDB > CallAcceptance.minimumSNRDB, "\(lion.snrDB) dB")
        #expect(
            CallAcceptance.rejection(source: lion, sourceSamples: 79_380, loopSeconds: 1.7, levelledPeakDBFS: -10)
                == nil)

        let noisy = try CallMeasurement.measure(Self.roar(pause: 0.3, backgroundDBFS: -22))
        #expect(noisy.floorInPauses == true)
        #expect(abs(noisy.noiseFloorDBFS - -22) < 1.5, "\(noisy.noiseFloorDBFS)")
        let refused = CallAcceptance.rejection(
            source: noisy, sourceSamples: 92_610, loopSeconds: 1.7, levelledPeakDBFS: -10)
        #expect(refused?.hasPrefix("signal-to-noise ratio") == true && refused?.contains("(noise floor") == true)
    }

    @Test("Without the stamps the import says the package is missing and the catalog keeps its synthesised animals")
    func withoutTheStampsTheCatalogFallsBack() throws {
        let folder = try TestSignals.temporaryDirectory("no-stamps")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = AnimalLibrary(folder: folder.appendingPathComponent("animals"))
        #expect(throws: AnimalLibraryError.stampsMissing(folder: folder.path, package: "tuxpaint-stamps-default")) {
            try library.importStamps(from: folder)
        }
        #expect(
            "\(AnimalLibraryError.stampsMissing(folder: folder.path, package: "tuxpaint-stamps-default"))".contains(
                "plays its synthesised frog and blue jay"))
        let catalog = try SoundCatalog.load(folder: SoundCatalogTests.shippedSounds, animals: library)
        #expect(catalog.entries(role: .target).map(\.name) == ["frog", "bluejay"])
    }

    @Test(
        "An imported stamp is a target named after its file; a name sounds.json holds gets _recorded; descriptions are skipped"
    )
    func anImportedStampBecomesATargetNamedAfterItsAnimal() throws {
        let stamps = try TestSignals.temporaryDirectory("stamps")
        defer { try? FileManager.default.removeItem(at: stamps) }
        let frog = Self.call(seconds: 1.5, silence: 0.3, seed: 1)
        let owl = Self.call(seconds: 1.5, silence: 0.3, seed: 2)
        for (name, call) in [("frog", frog), ("owl", owl), ("owl_desc_de", owl), ("toad", frog)] {
            try AudioFileWriter.write(call, format: .oggVorbis, to: stamps.appendingPathComponent(name + ".ogg"))
        }
        try Data("An owl.\nde.utf8=Eine Eule.\n".utf8).write(to: stamps.appendingPathComponent("owl.txt"))
        let library = AnimalLibrary(folder: stamps.appendingPathComponent("library"))
        let calls = try library.importStamps(from: stamps, reservedNames: ["frog", "bluejay"])
        #expect(calls.map(\.name) == ["frog_recorded", "owl", "toad"])
        #expect(calls.map(\.displayName) == ["Frog", "Owl", "Toad"])
        #expect(calls[1].names == ["de": "Eine Eule"] && calls[1].displayName(language: "de") == "Eine Eule")
        #expect(calls[0].displayName(language: "de") == "Frog", "no .txt: the English name")
        #expect(calls.prefix(2).allSatisfy { $0.accepted && $0.licence == "GPL-2.0-or-later" })
        #expect(calls.allSatisfy { $0.sourceSHA256.count == 64 })
        // The toad was encoded from the frog's recording: one sound gets one name.
        #expect(calls[2].rejection == "the same recording as frog_recorded")
        let catalog = try SoundCatalog.load(folder: SoundCatalogTests.shippedSounds, animals: library)
        let entry = try catalog.entry(named: "owl")
        #expect(entry.role == .target && entry.loop)
        #expect(catalog.entries(role: .target).map(\.name) == ["frog", "bluejay", "frog_recorded", "owl"])
        #expect(try library.calls() == calls)
    }

    @Test("Stamps whose names differ only in case each keep their own name and file, a duplicate among them too")
    func stampsWhoseNamesDifferOnlyInCaseKeepTheirOwnFiles() throws {
        let stamps = try TestSignals.temporaryDirectory("stamps-case")
        defer { try? FileManager.default.removeItem(at: stamps) }
        // As the stamps' alphabets lie: upper/B_filled.ogg and lower/b_filled.ogg, and a third "B-filled" that is
        // the first's recording again.
        let first = Self.call(seconds: 1.5, silence: 0.3, seed: 3)
        let second = Self.call(seconds: 1.5, silence: 0.3, seed: 4)
        for (path, call) in [("lower/b_filled", second), ("upper/B_filled", first), ("upper/B-filled", first)] {
            let url = stamps.appendingPathComponent(path + ".ogg")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AudioFileWriter.write(call, format: .oggVorbis, to: url)
        }
        let library = AnimalLibrary(folder: stamps.appendingPathComponent("library"))
        let calls = try library.importStamps(from: stamps)
        #expect(calls.map(\.name) == ["b_filled", "b_filled_2", "b_filled_3"])
        #expect(calls[0].accepted && calls[1].accepted, "\(calls.map { $0.rejection ?? "accepted" })")
        #expect(calls[2].rejection == "the same recording as b_filled_2")
        // Every accepted call's file is there and is the file its checksum names.
        for call in calls where call.accepted {
            let file = try #require(call.file)
            let data = try Data(contentsOf: library.folder.appendingPathComponent(file))
            #expect(SHA256.hex(data) == call.fileSHA256, "\(file)")
        }
        #expect(try library.entries().map(\.name) == ["b_filled", "b_filled_2"])
    }

    /// The ceiling no sample may pass (the output stage's default, −1 dBFS).
    static let ceiling = Float(pow(10, -1.0 / 20))

    @Test(
        "Every accepted stamp renders at 0° and 90° within 1 LU of the target, under the ceiling, without a click at its loop point",
        .needsTuxpaintStamps)
    func everyAcceptedCallRendersLevelledAndLoopsWithoutAClick() throws {
        let folder = try TestSignals.temporaryDirectory("animals")
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = AnimalLibrary(folder: folder)
        let calls = try library.importStamps(reservedNames: ["frog", "bluejay"])
        let accepted = calls.filter(\.accepted)
        // Issue 42 asks for 40; by the thresholds of CallAcceptance Debian's stamps (2022.06.04-1) give 40 (39 before
        // the lion, a roar without a pause, was judged by its quietest frame). A change that loses one fails here.
        #expect(accepted.count >= 40, "\(accepted.count) accepted: \(calls.compactMap(\.rejection))")
        // Loudness through the engine's panning (no HRTF): the engine's resampling, gains and pan law between
        // the file and the ears, which must keep the levelling. The HRTF colours each call's spectrum its own
        // way (measured: −2.4 to +1.7 LU at 0°, −4.0 to +1.0 LU at 90° from levelled noise), which no one gain per
        // file can undo at every bearing; peaks and the loop point are checked with the HRTF, as played.
        let panned = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .off))
        let binaural = try SpatialAudioEngine()
        var expectedLUFS: [Double: Double] = [:]
        let reference = try CallPreparation.level(TestSignals.whiteNoise(seconds: 3))
        for bearing in [0.0, 90.0] {
            // Levelled noise at the same bearing: what the pan law adds to a call at the target.
            let render = try Self.render(reference, bearing: bearing, loops: 1, engine: panned)
            expectedLUFS[bearing] = try Loudness.measure(interleaved: render.output, channels: 2, sampleRate: 48_000)
                .integratedLUFS
        }
        for call in accepted {
            let audio = try AudioFileReader.readMono(library.folder.appendingPathComponent(call.file!))
            for bearing in [0.0, 90.0] {
                // At least 3 s, as the levelling measured the loop.
                let loops = max(2, Int((3 * 44_100 / Double(audio.samples.count)).rounded(.up)))
                let render = try Self.render(audio, bearing: bearing, loops: loops, engine: panned)
                let loudness = try Loudness.measure(interleaved: render.output, channels: 2, sampleRate: 48_000)
                #expect(
                    abs(loudness.integratedLUFS - expectedLUFS[bearing]!) <= 1,
                    "\(call.name) at \(bearing)°: \(loudness.integratedLUFS) LUFS, levelled noise \(expectedLUFS[bearing]!)"
                )
                let heard = try Self.render(audio, bearing: bearing, loops: 2, engine: binaural)
                let peak = heard.output.map(abs).max() ?? 0
                #expect(peak <= Self.ceiling, "\(call.name) at \(bearing)°: peak \(20 * log10(peak)) dBFS")
                // The joint lies at the buffer's length after the start: ±5 ms around it against the first pass.
                let joint = heard.loopFrame
                let window = 240
                let around = Array(heard.output[(2 * (joint - window))..<(2 * (joint + window))])
                let before = Array(heard.output[0..<(2 * (joint - window))])
                #expect(
                    TestSignals.largestStep(around) <= TestSignals.largestStep(before),
                    "\(call.name) at \(bearing)°: a step of \(TestSignals.largestStep(around)) at the loop point")
            }
        }
    }

    /// `loops` passes of `audio` rendered from `bearing` (the source starts with the render, so its first loop
    /// point is at the buffer's length in frames).
    static func render(_ audio: MonoAudio, bearing: Double, loops: Int, engine: SpatialAudioEngine) throws
        -> (output: [Float], loopFrame: Int)
    {
        let buffer = try engine.makeBuffer(audio, name: "call")
        let source = try engine.makeSource(buffer: buffer, bearing: .init(degrees: bearing), looping: true)
        source.play()
        defer { source.stop() }
        return (engine.render(frames: loops * buffer.frameCount), buffer.frameCount)
    }
}
