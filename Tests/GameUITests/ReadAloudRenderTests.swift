// Read aloud measured on the engine's real output: the menu's sentence is heard, below the ceiling, and never with the call.
import Foundation
import GameCore
import SpatialAudio
import Testing

@testable import GameUI

@Suite struct ReadAloudRenderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let block = 512

    /// An engine as the window has it before a session: the output stage with the limiter (ceiling −1 dBFS) and
    /// the volume at its top (0 dB), the loudest a participant can choose.
    private func engine() throws -> (SpatialAudioEngine, TailoredOutput) {
        let engine = try SpatialAudioEngine(configuration: EngineConfiguration(hrtfMode: .required))
        engine.masterGainDB = 0
        return (engine, TailoredOutput(engine: engine, tailoring: .none))
    }

    /// `seconds` of output in the audio callback's block size.
    private func render(_ engine: SpatialAudioEngine, seconds: Double) -> [Float] {
        var output: [Float] = []
        for _ in 0..<Int(seconds * 48_000) / Self.block { output += engine.render(frames: Self.block) }
        return output
    }

    private func dB(_ value: Double) -> Double { 20 * log10(max(value, 1e-12)) }
    private func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.map { Double($0) * Double($0) }.reduce(0, +) / Double(max(1, samples.count))).squareRoot()
    }

    @Test func theMenusSentenceIsInTheOutputBelowTheCeilingAndNoneOfItSoundsWithTheRoundsCall() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("read-aloud-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let catalog = try SoundCatalog.locate(explicitFolder: Self.root.appendingPathComponent("Sounds").path)
        let frog = try #require(catalog.entries(role: .target).first)

        // The window: the menu shows with read aloud on, then Start leads into a round whose call plays at 90°.
        let (spoken, stage) = try engine()
        let voice = SpeechPlayer(engine: spoken, synthesizer: try SpeechSynthesizer(cache: cache))
        var rule = ReadAloud(enabled: true)
        for effect in rule.show(screen: "menu", sentence: ReadAloudTests.menuSentence, stimulus: false) {
            if case .speak(let sentence) = effect { try voice.speak(sentence) }
        }
        let menu = render(spoken, seconds: 1.0)
        #expect(voice.isSpeaking, "the sentence lasts longer than a second")
        let cut = rule.show(screen: "running", sentence: "Find the frog.", stimulus: true)
        #expect(cut == [.stop])
        voice.stop()
        let call = try spoken.makeSource(
            buffer: try spoken.loadBuffer(file: frog.fileURL), bearing: Bearing(degrees: 90), gainDB: frog.gainDB)
        call.play()
        let round = render(spoken, seconds: 1.0)

        // The same second of the round without any speech before it.
        let (silent, _) = try engine()
        _ = render(silent, seconds: 1.0)
        let alone = try silent.makeSource(
            buffer: try silent.loadBuffer(file: frog.fileURL), bearing: Bearing(degrees: 90), gainDB: frog.gainDB)
        alone.play()
        let reference = render(silent, seconds: 1.0)

        let menuPeak = menu.map { abs(Double($0)) }.max() ?? 0
        let menuLevel = rms(menu[...])
        let ceiling = pow(10, stage.limiter.ceilingDBFS / 20)
        let leftover = zip(round, reference).map { abs(Double($0) - Double($1)) }.max() ?? 0
        let roundPeak = round.map { abs(Double($0)) }.max() ?? 0
        print(
            String(
                format:
                    "read aloud on the menu at 0 dB volume: speech %.1f dBFS RMS, peak %.2f dBFS (ceiling %.1f dBFS); "
                    + "round after the cut: %.1f dBFS RMS, peak %.2f dBFS, largest difference from the call alone %.1f dBFS",
                dB(menuLevel), dB(menuPeak), stage.limiter.ceilingDBFS, dB(rms(round[...])), dB(roundPeak),
                dB(leftover)))
        #expect(dB(menuLevel) > -40, "the sentence is heard on the menu")
        #expect(menuPeak <= ceiling * 1.0001, "speech stays below the limiter's ceiling")
        // Not one sample of speech in the round: its output is the call's alone, to rounding.
        #expect(leftover < 1e-5, "speech overlapped the call by up to \(dB(leftover)) dBFS")
        #expect(dB(rms(round[...])) > -60, "the call itself sounds")
    }

    @Test func theMenusSentenceFollowsTheParticipantsVolume() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("read-aloud-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var levels: [Double] = []
        for volume in [-10.0, -30.0] {
            let (engine, _) = try engine()
            engine.masterGainDB = volume
            let voice = SpeechPlayer(engine: engine, synthesizer: try SpeechSynthesizer(cache: cache))
            try voice.speak(ReadAloudTests.menuSentence)
            levels.append(dB(rms(render(engine, seconds: 1.0)[4_800...])))
        }
        #expect(abs(levels[0] - levels[1] - 20) < 1, "\(levels)")
    }
}
