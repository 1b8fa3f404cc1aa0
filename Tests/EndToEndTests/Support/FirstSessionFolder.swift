// The folder of a logs tree's first session.json, for tests that ran one session and read what it logged.
import Foundation
import Testing

enum FirstSessionFolder {
    /// The session folder (the one holding session.json) found first under `logs`; the test fails without one.
    static func under(_ logs: URL) throws -> URL {
        try #require(
            FileManager.default.enumerator(at: logs, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                .first { $0.lastPathComponent == "session.json" }?.deletingLastPathComponent())
    }
}
