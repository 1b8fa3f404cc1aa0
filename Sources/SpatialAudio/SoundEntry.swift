// One entry of Sounds/sounds.json: a stimulus file with its name, role, gain and provenance.
import Foundation

/// A sound the game can play, as described in `Sounds/sounds.json`.
public struct SoundEntry: Sendable, Equatable {
    /// Stable identifier used in logs and protocols (`frog`, `bluejay`).
    public let name: String
    /// Shown to the player ("Frog").
    public let displayName: String
    /// The file, relative to the Sounds folder (as written in the catalog).
    public let file: String
    /// The resolved file location.
    public let fileURL: URL
    public let role: SoundRole
    /// Gain applied whenever this sound plays, in dB, to level sounds against each other.
    public let gainDB: Double
    /// Whether the sound loops while it plays.
    public let loop: Bool
    /// Where the sound comes from (a generator and its seed, a recordist, a URL).
    public let provenance: String
    /// Its licence (SPDX identifier where there is one).
    public let licence: String

    public init(
        name: String, displayName: String, file: String, fileURL: URL, role: SoundRole,
        gainDB: Double, loop: Bool, provenance: String, licence: String
    ) {
        self.name = name
        self.displayName = displayName
        self.file = file
        self.fileURL = fileURL
        self.role = role
        self.gainDB = gainDB
        self.loop = loop
        self.provenance = provenance
        self.licence = licence
    }

    /// The entry as it appears in sounds.json.
    public var jsonObject: [String: Any] {
        [
            "name": name, "display_name": displayName, "file": file, "role": role.rawValue,
            "gain_db": gainDB, "loop": loop, "provenance": provenance, "licence": licence,
        ]
    }
}
