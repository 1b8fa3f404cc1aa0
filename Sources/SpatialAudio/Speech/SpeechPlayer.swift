// Spoken sentences through the engine: one head-locked source, so speech passes the output stage like every sound.
import Foundation
import GameCore

/// Plays `SpeechSynthesizer`'s WAVs on the game's own engine (never a second audio device): each sentence is
/// loaded once with libsndfile and resampled to 48 kHz by libsoxr (`loadBuffer`), then played from straight ahead
/// of the listener (head-locked, as the shutter: it never hints at a direction), at `gainDB` under the engine's
/// volume, filters and limiter. At most one sentence sounds; `speak` stops the one before.
public final class SpeechPlayer {
    /// espeak-ng's voice is about −20 dBFS active RMS (peaks near −2 dBFS): −7 dB puts it at about −27, 3 dB under
    /// the animals' −24 dBFS (`Sounds/sounds.json`), so the voice is never the loudest thing the patient hears.
    public static let gainDB = -7.0

    public let engine: SpatialAudioEngine
    public let synthesizer: SpeechSynthesizer
    private var buffers: [String: SoundBuffer] = [:]
    private var source: SpatialSource?
    private(set) public var sentence: String?

    public init(engine: SpatialAudioEngine, synthesizer: SpeechSynthesizer) {
        self.engine = engine
        self.synthesizer = synthesizer
    }

    /// Starts `sentence` in espeak-ng's `voice` from its beginning (the WAV made first when it is not cached),
    /// stopping any other.
    public func speak(_ sentence: String, voice: String = SpeechSynthesizer.voice) throws {
        stop()
        let buffer: SoundBuffer
        let key = voice + "|" + sentence
        if let known = buffers[key] {
            buffer = known
        } else {
            buffer = try engine.loadBuffer(file: try synthesizer.wav(for: sentence, voice: voice))
            buffers[key] = buffer
        }
        let voice = try engine.makeSource(buffer: buffer, bearing: engine.heading, gainDB: Self.gainDB)
        voice.play()
        source = voice
        self.sentence = sentence
    }

    /// Silences the sentence from the next rendered block (queued before any sound started after this call).
    public func stop() {
        source?.stop()
        source = nil
        sentence = nil
    }

    /// True while a sentence is still sounding (as the render thread last published it).
    public var isSpeaking: Bool {
        guard let source else { return false }
        return source.state == .playing || source.state == .initial
    }
}
