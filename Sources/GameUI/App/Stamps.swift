// The Tux Paint stamps behind the imported animal calls, where Debian installed them, read when first asked.
import Foundation
import Localization
import SpatialAudio
import Synchronization

/// Each accepted call's recording (`library.json`'s `source_path`) by sound name, and the names its stamp's `.txt`
/// gives the animal: the window shows and speaks them in the run's language, never a copy.
enum Stamps {
    /// Recordings by sound name (nil until first asked; tests set it), and the stamp texts read so far.
    static let recordings = Mutex<[String: URL]?>(nil)
    private static let texts = Mutex<[String: StampText?]>([:])

    /// The recording of an accepted call, or nil (a synthesised sound, or no library imported).
    static func recording(of sound: String) -> URL? {
        recordings.withLock { known in
            if known == nil {
                var found: [String: URL] = [:]
                for call in (try? AnimalLibrary.standard().calls()) ?? [] where call.accepted {
                    found[call.name] = URL(fileURLWithPath: call.sourcePath)
                }
                known = found
            }
            return known?[sound]
        }
    }

    /// The animal's name in `language` for sentences and labels ("Ente", "duck"), from its stamp's `.txt`; nil
    /// when the sound has no stamp or the stamp no name in that language.
    static func name(of sound: String, language: Language) -> String? {
        guard let recording = recording(of: sound) else { return nil }
        let text = texts.withLock { texts in
            if let known = texts[sound] { return known }
            let read = StampText(recording: recording)
            texts[sound] = read
            return read
        }
        return text?.name(language: language == .german ? "de" : "en")
    }

    /// Forgets what was read (tests that point `recordings` at other stamps).
    static func reset(recordings: [String: URL]?) {
        self.recordings.withLock { $0 = recordings }
        texts.withLock { $0 = [:] }
    }
}
