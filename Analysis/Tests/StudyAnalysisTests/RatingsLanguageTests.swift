// The language a rating was asked in (issue 41) never changes an analysis: the same answers asked in German, in
// English, or in a file begun before the column existed give the same results.
import Foundation
import Testing

@testable import StudyAnalysis

struct RatingsLanguageTests {
    /// The fixture's logs with each ratings.csv given a `language` column holding `code` on every row.
    static func logs(askedIn code: String, under folder: URL) throws -> String {
        let source = URL(fileURLWithPath: Fixtures.path("ratings-logs"))
        let copy = folder.appendingPathComponent(code)
        try FileManager.default.copyItem(at: source, to: copy)
        for participant in ["R01", "R02", "R03"] {
            let file = copy.appendingPathComponent("\(participant)/ratings.csv")
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            let text = ([lines[0] + ",language"] + lines.dropFirst().map { $0 + "," + code }).joined(separator: "\n")
            try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        return copy.path
    }

    @Test func aGermanSessionsRatingsAnalyseExactlyLikeAnEnglishOnesAndLikeAnOldFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ratings-language-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let german = try RatingsData.load(paths: [try Self.logs(askedIn: "de", under: folder)])
        let english = try RatingsData.load(paths: [try Self.logs(askedIn: "en", under: folder)])
        let old = try RatingsData.load(paths: [Fixtures.path("ratings-logs")])
        #expect(german.sessions.count == 15)
        func sessions(_ data: RatingsData) -> [RatedSession] {
            data.sessions.sorted { ($0.participant, $0.sessionID) < ($1.participant, $1.sessionID) }
        }
        #expect(sessions(german) == sessions(english) && sessions(german) == sessions(old))
        // The results, without the data's file paths (the three folders differ).
        let results = [german, english, old].map { data in
            let result = RatingsAnalysis.run(data)
            return String(describing: (result.changes, result.trends, result.correlations))
        }
        #expect(results[0] == results[1])
        #expect(results[0] == results[2])
    }

    @Test func aLanguageNoRunAsksInIsRefusedNamingTheColumn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ratings-language-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: (any Error).self) {
            try RatingsData.load(paths: [try Self.logs(askedIn: "klingon", under: folder)])
        }
        #expect(String(describing: error).contains("language"), "\(String(describing: error))")
    }
}
