// This machine's `device_id`: drawn once, kept owner-only in the user's config folder, logged with every session.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

/// A random identifier of the machine (strictly: of the user's config folder, so two config folders are two
/// machines to a test). Sessions record it (session.json and trials.csv `device_id`), so one participant's
/// sessions from a lab PC and from their home computer stay apart when the logs are pooled.
public enum DeviceIdentity {
    /// `<config>/soundsafari/device-id`.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigHome.soundSafari(environment: environment).appendingPathComponent("device-id")
    }

    /// The machine's identifier, drawn and stored on first use. Two processes starting at once get the same
    /// one: the file is created exclusively and the loser reads the winner's.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        let url = url(environment: environment)
        if let existing = try read(url) { return existing }
        try OwnerOnlyFolder.createWithParents(url.deletingLastPathComponent())
        let drawn = "d-" + UUID().uuidString.lowercased()
        do {
            let file = try AppendOnlyFile.create(url)
            try file.append(drawn + "\n")
            return drawn
        } catch StudyFileError.system(_, _, EEXIST) {
            guard let existing = try read(url) else { throw StudyFileError.alreadyExists(path: url.path) }
            return existing
        }
    }

    /// The stored identifier; nil when there is none yet. A damaged file is named, never replaced.
    static func read(_ url: URL) throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        // The other process may still be writing its line: a short wait for the line break.
        for _ in 0..<50 {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n") {
                let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard DeviceID.isValid(id) else {
                    throw StudyFileError.damagedDeviceID(path: url.path)
                }
                return id
            }
            usleep(10_000)
        }
        throw StudyFileError.damagedDeviceID(path: url.path)
    }
}
