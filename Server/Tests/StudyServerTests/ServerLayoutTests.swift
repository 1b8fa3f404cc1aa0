// The server's house rules, checked on its sources: SQL is written in Database/ and Migrations/ only, and no database
// result is forced open (`.first!`, `try!`), which would take the whole server down for one missing row.
import Foundation
import Testing

@Suite struct ServerLayoutTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file under `folder` (relative to Server/Sources) with its path from there and its text.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(folder)
        let files =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" } ?? []
        return try files.map {
            (
                String($0.path.dropFirst(sources.path.count + 1)),
                try String(contentsOf: $0, encoding: .utf8)
            )
        }.sorted { $0.path < $1.path }
    }

    /// The statements of SQL and the ways a query is sent, as they are written in Swift.
    static var sql: Regex<AnyRegexOutput> {
        try! Regex(
            #"\b(SELECT|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET|CREATE\s+(TABLE|INDEX|FUNCTION|TRIGGER)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX))\b|PostgresQuery\(|\.query\(|\.rows\("#
        )
    }

    @Test func sqlIsWrittenInDatabaseAndMigrationsOnly() throws {
        // The bench's psql lines are PostgreSQL's own COPY, the peer it measures against, not the server's SQL.
        let files = try Self.swiftFiles(under: "StudyServer") + Self.swiftFiles(under: "soundsafari-server")
        #expect(files.count > 40)
        for (path, text) in files
        where !path.hasPrefix("StudyServer/Database/") && !path.hasPrefix("StudyServer/Migrations/") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.firstMatch(of: Self.sql) != nil {
                Issue.record("\(path):\(number + 1) writes SQL outside Database/ and Migrations/: \(line)")
            }
        }
    }

    @Test func noDatabaseResultIsForcedOpen() throws {
        for (path, text) in try Self.swiftFiles(under: "") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(".first!") || line.contains("try!") {
                // The rule's own comments name what they forbid.
                guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                Issue.record("\(path):\(number + 1) forces a value open: throw an error instead: \(line)")
            }
        }
    }
}
