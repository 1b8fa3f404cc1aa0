// `report` adds the ratings figure when the logs hold ratings.csv, and leaves it out when they do not.
import Foundation
import Testing

@testable import StudyAnalysis

struct RatingsReportTests {
    @Test func theReportHasTheLoudnessFigureOnlyWhenRatingsExist() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ratings-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try StudyReport.write(
            inputs: [Fixtures.path("ratings-logs")], outputFolder: out.path + "/with", groupBy: nil,
            participantsFile: nil, skipInvalid: false)
        let figure = try String(contentsOfFile: out.path + "/with/figures/figure-ratings-loudness.svg", encoding: .utf8)
        #expect(figure.contains("R01") && figure.contains("R03"))
        #expect(
            figure.components(separatedBy: "stroke-dasharray").count - 1 == 3, "one dashed after-line per participant")
        #expect(
            try String(contentsOfFile: out.path + "/with/report.md", encoding: .utf8).contains(
                "figure-ratings-loudness.svg"))
        _ = try StudyReport.write(
            inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: out.path + "/without", groupBy: nil,
            participantsFile: nil, skipInvalid: false)
        #expect(!FileManager.default.fileExists(atPath: out.path + "/without/figures/figure-ratings-loudness.svg"))
    }
}
