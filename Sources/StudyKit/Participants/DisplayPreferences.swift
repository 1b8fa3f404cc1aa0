// A participant's way of seeing (and hearing) the window: large text, high contrast, read aloud, language; kept in
// their folder.
import Foundation
import Localization
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// `<logs>/<participant>/display.json`: `{"ambient_level": true, "high_contrast": false, "language": "de",
/// "large_text": true, "read_aloud": false}`. Written (owner-only, replaced atomically) when the patient toggles a setting or a command is given
/// `--language`, read when their next window opens. A missing file means all off, and so does a missing `read_aloud`
/// (files written before it existed); a missing `language` means none chosen (the environment decides); an
/// unreadable file, or a language SoundSafari does not speak, is an error naming it (never silently the defaults).
public struct DisplayPreferences: Sendable, Equatable, Codable {
    public var largeText: Bool
    public var highContrast: Bool
    /// Each screen's sentence spoken (espeak-ng), never over a stimulus.
    public var readAloud: Bool
    /// The language the participant chose (`--language`); nil when they never chose one.
    public var language: Language?
    /// Whether the sound level around the patient is measured while they rate (issue 45, opt-in): nil until they
    /// were asked, then their answer; F5 on the ratings screen changes it.
    public var ambientLevel: Bool?

    public init(
        largeText: Bool = false, highContrast: Bool = false, readAloud: Bool = false, language: Language? = nil,
        ambientLevel: Bool? = nil
    ) {
        self.largeText = largeText
        self.highContrast = highContrast
        self.readAloud = readAloud
        self.language = language
        self.ambientLevel = ambientLevel
    }

    enum CodingKeys: String, CodingKey {
        case largeText = "large_text"
        case highContrast = "high_contrast"
        case readAloud = "read_aloud"
        case language
        case ambientLevel = "ambient_level"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        largeText = try values.decode(Bool.self, forKey: .largeText)
        highContrast = try values.decode(Bool.self, forKey: .highContrast)
        readAloud = try values.decodeIfPresent(Bool.self, forKey: .readAloud) ?? false
        language = try values.decodeIfPresent(Language.self, forKey: .language)
        ambientLevel = try values.decodeIfPresent(Bool.self, forKey: .ambientLevel)
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(largeText, forKey: .largeText)
        try values.encode(highContrast, forKey: .highContrast)
        try values.encode(readAloud, forKey: .readAloud)
        try values.encodeIfPresent(language, forKey: .language)
        try values.encodeIfPresent(ambientLevel, forKey: .ambientLevel)
    }

    public static func url(logs: URL, participant: ParticipantID) -> URL {
        logs.appendingPathComponent(participant.value).appendingPathComponent("display.json")
    }

    /// The settings written last on this logs folder (the newest display.json among `participants`), for a screen
    /// shown before anyone is known (the launcher's name picker); nil when none of them has a readable one.
    public static func lastUsed(logs: URL, participants: [String]) -> DisplayPreferences? {
        let written = participants.compactMap { name -> (Date, DisplayPreferences)? in
            guard let id = try? ParticipantID(name), let preferences = try? read(logs: logs, participant: id),
                let date = try? url(logs: logs, participant: id).resourceValues(forKeys: [.contentModificationDateKey])
                    .contentModificationDate
            else { return nil }
            return (date, preferences)
        }
        return written.max { $0.0 < $1.0 }?.1
    }

    /// The participant's display.json with `language` set, the rest as it was.
    public static func remember(_ language: Language, logs: URL, participant: ParticipantID) throws {
        var preferences = try read(logs: logs, participant: participant)
        preferences.language = language
        try preferences.write(logs: logs, participant: participant)
    }

    /// The participant's display.json with `ambientLevel` set (their answer, or F5), the rest as it was.
    public static func remember(ambientLevel: Bool, logs: URL, participant: ParticipantID) throws {
        var preferences = try read(logs: logs, participant: participant)
        preferences.ambientLevel = ambientLevel
        try preferences.write(logs: logs, participant: participant)
    }

    public static func read(logs: URL, participant: ParticipantID) throws -> DisplayPreferences {
        let url = url(logs: logs, participant: participant)
        guard FileManager.default.fileExists(atPath: url.path) else { return DisplayPreferences() }
        do {
            return try JSONDecoder().decode(DisplayPreferences.self, from: Data(contentsOf: url))
        } catch {
            throw StudyFileError.damagedDisplayPreferences(path: url.path)
        }
    }

    /// Replaces the file: a temporary owner-only file renamed over it, so a crash leaves the old or the new one. A value
    /// without a language keeps the one the file holds: the window's F2, F3 and F4 write the three switches only, and
    /// must not forget the participant's language, nor whether they allowed the ambient level.
    public func write(logs: URL, participant: ParticipantID) throws {
        let url = Self.url(logs: logs, participant: participant)
        var preferences = self
        if preferences.language == nil || preferences.ambientLevel == nil {
            let stored = try Self.read(logs: logs, participant: participant)
            preferences.language = preferences.language ?? stored.language
            preferences.ambientLevel = preferences.ambientLevel ?? stored.ambientLevel
        }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.replace(url, with: try encoder.encode(preferences) + Data("\n".utf8))
    }
}
