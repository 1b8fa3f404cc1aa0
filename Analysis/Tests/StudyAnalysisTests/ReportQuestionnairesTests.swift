// The report's questionnaire section: its table and facts, and analysis.R's questionnaire code giving R's same numbers.
import Foundation
import Testing

@testable import StudyAnalysis

struct ReportQuestionnairesTests {
    @Test func theReportTabulatesBaselineVersusFollowUpAndItsRCodeRecomputesEveryNumber() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-questionnaires-\(UUID())")
        defer { try? FileManager.default.removeItem(at: out) }
        let logs = Fixtures.path("questionnaire-logs")
        _ = try StudyReport.write(
            inputs: [logs], outputFolder: out.path, groupBy: nil, participantsFile: nil, skipInvalid: false)
        let table = try String(contentsOf: out.appendingPathComponent("tables/questionnaires.csv"), encoding: .utf8)
        #expect(table.split(separator: "\n").count == 1 + 7, "Q01–Q07 have both; Q08 a baseline only")
        let markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("Questionnaire mini-tq, baseline vs follow-up (7 participants)"))
        #expect(!markdown.contains("--instrument-file"), "the report has no such option")
        let script = try String(contentsOf: out.appendingPathComponent("analysis.R"), encoding: .utf8)
        let section = try #require(script.range(of: "# ---- questionnaires")).lowerBound
        #expect(script.contains("quest_files <- file.path(here, c(\"../"), "paths relative to the report")

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Rscript") else { return }
        // The section alone (base R; the rest of analysis.R needs afex): `here` and the trials files as the script sets them.
        let filesLine = try #require(script.split(separator: "\n").first { $0.hasPrefix("files <- file.path(here,") })
        let runnable = "here <- \(ReportRScript.quote(out.path))\n\(filesLine)\n" + script[section...]
        let file = out.appendingPathComponent("questionnaires-only.R")
        try runnable.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Rscript")
        process.arguments = [file.path]
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        var r: [String: Double] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("QUEST|mini-tq|") {
            let parts = line.split(separator: "|")
            r[String(parts[2])] = Double(parts[3])
        }
        let ours = try #require(
            QuestionnaireAnalysis.run(try QuestionnaireData.load(paths: [logs])).comparisons.first)
        let t = try #require(ours.pairedT)
        let w = try #require(ours.wilcoxon)
        let pairs: [(String, Double?)] = [
            ("t", t.t), ("df", t.df), ("p", t.p), ("mean_change", t.meanDifference), ("dz", t.cohenD),
            ("wilcoxon_v", w.statistic), ("wilcoxon_p", w.p), ("association_r", ours.association.r),
            ("association_p", ours.association.p),
        ]
        for (key, value) in pairs {
            let theirs = try #require(r[key], "analysis.R printed no \(key): \(output)")
            let mine = try #require(value)
            #expect(abs(mine - theirs) <= 1e-9 * max(1, abs(theirs)), "\(key): \(mine) vs R \(theirs)")
        }
    }
}
