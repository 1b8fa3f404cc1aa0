// `report --out` never replaces an earlier report without --force, and never writes into a folder of study logs.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct ReportOverwriteTests {
    func report(_ folder: String, out: String, force: Bool = false) throws -> String {
        try StudyReport.write(
            inputs: [folder + "/logs"], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
            force: force)
    }

    @Test func anEarlierReportIsReplacedOnlyWithForce() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportFormulaGuardTests.writeLogs(folder + "/logs")
        _ = try report(folder, out: folder + "/report")
        let first = try String(contentsOfFile: folder + "/report/report.md", encoding: .utf8)
        try "edited by hand\n".write(toFile: folder + "/report/report.md", atomically: true, encoding: .utf8)
        let error = #expect(throws: AnalysisError.self) { try report(folder, out: folder + "/report") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("--force"))
        #expect(try String(contentsOfFile: folder + "/report/report.md", encoding: .utf8) == "edited by hand\n")
        _ = try report(folder, out: folder + "/report", force: true)
        #expect(try String(contentsOfFile: folder + "/report/report.md", encoding: .utf8) == first)
    }

    @Test func aFolderOfLogsNeverReceivesAReportEvenWithForce() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportFormulaGuardTests.writeLogs(folder + "/logs")
        let session = folder + "/logs/P01/s1"
        let error = #expect(throws: AnalysisError.self) { try report(folder, out: session, force: true) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("trials.csv"))
        #expect(!FileManager.default.fileExists(atPath: session + "/report.html"))
        #expect(!FileManager.default.fileExists(atPath: session + "/tables"))
    }
}
