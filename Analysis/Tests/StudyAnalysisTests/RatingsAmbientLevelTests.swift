// The ambient level of a rating sitting (issue 45) against the before-loudness: a table of its own, only when measured.
import Foundation
import Testing
import TidyFormats

@testable import StudyAnalysis

struct RatingsAmbientLevelTests {
    /// The fixture's logs with the ambient columns added: every row of a sitting carries `level(loudness)` in dBFS,
    /// where `loudness` is that session's before-loudness.
    static func logs(under folder: URL, level: (Double) -> Double) throws -> String {
        let copy = folder.appendingPathComponent("measured")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Fixtures.path("ratings-logs")), to: copy)
        for participant in ["R01", "R02", "R03"] {
            let file = copy.appendingPathComponent("\(participant)/ratings.csv")
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            var loudness: [String: Double] = [:]
            for line in lines.dropFirst() {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false)
                if cells[3] == "before", cells[4] == "tinnitus_loudness", let value = Double(cells[5]) {
                    loudness[String(cells[1])] = value
                }
            }
            let rows = lines.dropFirst().map { line -> String in
                let session = String(line.split(separator: ",", omittingEmptySubsequences: false)[1])
                guard let value = loudness[session] else { return line + ",,," }
                return line + ",," + String(format: "%.1f", level(value)) + ",dBFS"
            }
            let header = lines[0] + ",language,ambient_level_db,ambient_level_unit"
            try (([header] + rows).joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        return copy.path
    }

    @Test func aLevelThatRisesWithTheLoudnessCorrelatesAndLogsWithoutOneShowNoTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ratings-ambient-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let measured = try RatingsData.load(paths: [try Self.logs(under: folder) { -60 + 30 * $0 }])
        let result = RatingsAnalysis.run(measured)
        let overall = try #require(result.ambientCorrelations.first { $0.scope == "overall (dBFS)" })
        #expect(overall.method == "rmcorr" && (overall.r ?? 0) > 0.99, "\(overall)")
        #expect(result.ambientCorrelations.contains { $0.scope == "R01 (dBFS)" && $0.method == "pearson" })
        let rendered = result.rendered()
        #expect(rendered.text.contains("vs the sound level around the patient while rating"))
        #expect(rendered.json.rendered().contains("loudness_vs_ambient_level"))

        let plain = RatingsAnalysis.run(try RatingsData.load(paths: [Fixtures.path("ratings-logs")]))
        #expect(plain.ambientCorrelations.isEmpty)
        #expect(!plain.rendered().text.contains("sound level around the patient"), "older reports stay as they were")
    }
}
