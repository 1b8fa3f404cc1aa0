// espeak-ng's sentences: one WAV per sentence in the cache, and one sentence when the program is missing.
import Foundation
import Testing

@testable import SpatialAudio

@Suite struct SpeechSynthesizerTests {
    @Test func withoutEspeakNGOneSentenceNamesTheDebianPackage() throws {
        let cache = try TestSignals.temporaryDirectory("speech-missing")
        defer { try? FileManager.default.removeItem(at: cache) }
        #expect(throws: SpatialAudioError.self) {
            _ = try SpeechSynthesizer(cache: cache, environment: ["PATH": cache.path])
        }
        let missing = SpeechSynthesizer(program: cache.appendingPathComponent("espeak-ng"), cache: cache)
        do {
            _ = try missing.wav(for: "Hello.")
            Issue.record("a missing program made a WAV")
        } catch {
            #expect("\(error)".contains("install the Debian package espeak-ng"))
        }
    }

    @Test func aSentenceIsSynthesizedOnceAndReadBackAsMonoSpeech() throws {
        let cache = try TestSignals.temporaryDirectory("speech-cache")
        defer { try? FileManager.default.removeItem(at: cache) }
        let synthesizer = try SpeechSynthesizer(cache: cache)
        let file = try synthesizer.wav(for: "Choose your name.")
        let audio = try AudioFileReader.readMono(file)
        #expect(Double(audio.samples.count) / Double(audio.sampleRate) > 0.5, "about a second of speech")
        #expect((audio.samples.map { abs($0) }.max() ?? 0) > 0.1)
        // Cached: found again without the program (a program that is not there cannot have made it).
        let offline = SpeechSynthesizer(program: cache.appendingPathComponent("no-such-program"), cache: cache)
        #expect(try offline.wav(for: "Choose your name.") == file)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".wav") }.count == 1)
    }

    /// German sentences in espeak-ng's German voice: its own WAV (not the English one of the same words), and German
    /// sounds as German (the voice says "Wählen Sie Ihren Namen." in about as long as the English voice its sentence).
    @Test func aGermanSentenceIsSpokenByTheGermanVoiceIntoItsOwnWAV() throws {
        let cache = try TestSignals.temporaryDirectory("speech-german")
        defer { try? FileManager.default.removeItem(at: cache) }
        let synthesizer = try SpeechSynthesizer(cache: cache)
        let sentence = "Wählen Sie Ihren Namen."
        let german = try synthesizer.wav(for: sentence, voice: "de")
        let english = try synthesizer.wav(for: sentence, voice: "en")
        #expect(german != english, "each voice has its own file")
        let germanAudio = try AudioFileReader.readMono(german)
        let englishAudio = try AudioFileReader.readMono(english)
        #expect(germanAudio.samples != englishAudio.samples, "the voices differ")
        let seconds = Double(germanAudio.samples.count) / Double(germanAudio.sampleRate)
        #expect(seconds > 0.8 && seconds < 4, "\(seconds) s")
    }
}
