// A participant's way of seeing (and hearing) the window: large text, high contrast, read aloud; kept in their folder.
import Foundation
import StudyRecords
import TidyFormats

#if canImport(Glibc)
    import Glibc
#endif

/// `<logs>/<participant>/display.json`: `{"high_contrast": false, "large_text": true, "read_aloud": false}`. Written
/// (owner-only, replaced atomically) when the patient toggles a setting, read when their next window opens. A missing
/// file means all off, and so does a missing `read_aloud` (files written before it existed); an unreadable file is an
/// error naming it (never silently the defaults).
public struct DisplayPreferences: Sendable, Equatable, Codable {
    public var largeText: Bool
    public var highContrast: Bool
    /// Each screen's sentence spoken (espeak-ng), never over a stimulus.
    public var readAloud: Bool

    public init(largeText: Bool = false, highContrast: Bool = false, readAloud: Bool = false) {
        self.largeText = largeText
        self.highContrast = highContrast
        self.readAloud = readAloud
    }

    enum CodingKeys: String, CodingKey {
        case largeText = "large_text"
        case highContrast = "high_contrast"
        case readAloud = "read_aloud"
    }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        largeText = try values.decode(Bool.self, forKey: .largeText)
        highContrast = try values.decode(Bool.self, forKey: .highContrast)
        readAloud = try values.decodeIfPresent(Bool.self, forKey: .readAloud) ?? false
    }

    public static func url(logs: URL, participant: ParticipantID) -> URL {
        logs.appendingPathComponent(participant.value).appendingPathComponent("display.json")
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

    /// Replaces the file: a temporary owner-only file renamed over it, so a crash leaves the old or the new one.
    public func write(logs: URL, participant: ParticipantID) throws {
        let url = Self.url(logs: logs, participant: participant)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.replace(url, with: try encoder.encode(self) + Data("\n".utf8))
    }
}
