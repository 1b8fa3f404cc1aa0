// A participant's way of seeing the window: large text and high contrast, remembered in their folder.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

/// `<logs>/<participant>/display.json`: `{"high_contrast": false, "large_text": true}`. Written (owner-only,
/// replaced atomically) when the patient toggles a setting, read when their next window opens. A missing file
/// means both off; an unreadable one is an error naming it (never silently the defaults).
public struct DisplayPreferences: Sendable, Equatable, Codable {
    public var largeText: Bool
    public var highContrast: Bool

    public init(largeText: Bool = false, highContrast: Bool = false) {
        self.largeText = largeText
        self.highContrast = highContrast
    }

    enum CodingKeys: String, CodingKey {
        case largeText = "large_text"
        case highContrast = "high_contrast"
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
