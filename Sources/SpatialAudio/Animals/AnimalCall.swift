// One recorded call of the imported animals (library.json): where it came from, what it measured, accepted or why not.
import Foundation

/// A stamp's call as `sounds import` found it. Accepted calls have a prepared file (trimmed, looped,
/// levelled) and its measurements; rejected ones keep the reason.
public struct AnimalCall: Sendable, Equatable, Codable {
    /// The name sounds are called by (`owl`): the stamp's file name.
    public var name: String
    /// The stamp's English name ("Owl").
    public var displayName: String
    /// The stamp's name in other languages, by code (`de` → "Eine Eule"), from its `.txt` (`de.utf8=Eine Eule.`),
    /// as Tux Paint's translators wrote it (article kept, final full stop dropped); nil in a library imported
    /// before it was read.
    public var names: [String: String]?
    /// The recording, where the Debian package installed it.
    public var sourcePath: String
    public var sourceSHA256: String
    public var licence: String
    public var provenance: String
    /// The whole recording, measured before anything was done to it.
    public var source: CallMeasurement
    /// Nil when accepted.
    public var rejection: String?
    /// The prepared file inside the library folder (accepted calls only).
    public var file: String?
    public var fileSHA256: String?
    /// The prepared call: trimmed, looped and levelled (accepted calls only); its loudness measured as it loops.
    public var prepared: CallMeasurement?

    public var accepted: Bool { rejection == nil }

    /// The name to show in `language` (`de`), else the English `displayName`.
    public func displayName(language: String) -> String { names?[language] ?? displayName }

    enum CodingKeys: String, CodingKey {
        case name
        case displayName = "display_name"
        case sourcePath = "source_path"
        case sourceSHA256 = "source_sha256"
        case licence, provenance, source, rejection, file, names
        case fileSHA256 = "file_sha256"
        case prepared
    }
}
