// A report filtered to one protocol reads the same rows in every table and figure: a participant's training
// sessions beside their study session change nothing in the study's report.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct ReportFilterEverywhereTests {
    static let studySession = "20261126T014050Z-18a8"

    /// P07's study session (the sample), and, when `withTraining`, three training-plan sessions of the same P07
    /// (the sample's rows, shifted so they learn) with tinnitus ratings before and after each session, the study's too.
    static func logs(withTraining: Bool) throws -> String {
        let logs = Fixtures.temporaryFolder()
        let text = try String(contentsOf: ReportProtocolMixTests.sample, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let headerLine = lines.removeFirst()
        let header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func column(_ name: String) throws -> Int { try #require(header.firstIndex(of: name)) }
        let (protocolColumn, planColumn, sessionColumn, indexColumn, deviationColumn) = (
            try column("protocol"), try column("plan"), try column("session_id"), try column("session_index"),
            try column("abs_deviation_deg")
        )
        var ratings = [
            "participant,session_id,session_index,moment,item,value,answered_at,prompted_at,skipped,codebook_version"
        ]
        func rate(_ session: String, _ index: Int, _ before: String, _ after: String) {
            ratings.append(
                "P07,\(session),\(index),before,tinnitus_loudness,\(before),2026-11-2\(index)T10:00:00.000Z,,FALSE,1")
            ratings.append(
                "P07,\(session),\(index),after,tinnitus_loudness,\(after),2026-11-2\(index)T10:20:00.000Z,,FALSE,1")
        }
        try FileManager.default.createDirectory(
            atPath: logs + "/P07/" + studySession, withIntermediateDirectories: true)
        try text.write(toFile: logs + "/P07/\(studySession)/trials.csv", atomically: true, encoding: .utf8)
        rate(studySession, 1, "0.500", "0.450")
        if withTraining {
            for index in 2...4 {
                let session = "20261127T10000\(index)Z-000\(index)"
                let rows = lines.map { line -> String in
                    var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    fields[protocolColumn] = "training-session"
                    fields[planColumn] = "localization-training-10x12"
                    fields[sessionColumn] = session
                    fields[indexColumn] = String(index)
                    fields[deviationColumn] = String(
                        format: "%.3f", (Double(fields[deviationColumn]) ?? 0) / Double(index))
                    return fields.joined(separator: ",")
                }
                let folder = logs + "/P07/" + session
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try (([headerLine] + rows).joined(separator: "\n") + "\n").write(
                    toFile: folder + "/trials.csv", atomically: true, encoding: .utf8)
                rate(session, index, "0.700", "0.100")
            }
        }
        try (ratings.joined(separator: "\n") + "\n").write(
            toFile: logs + "/P07/ratings.csv", atomically: true, encoding: .utf8)
        return logs
    }

    /// Every file under `folder/sub`, by name.
    static func files(_ folder: String, _ sub: String) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + sub)
        return try Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + sub + "/" + $0)))
            })
    }

    @Test func everyTableAndFigureOfAProtocolsReportIsTheReportOfThatProtocolsRowsAlone() throws {
        let mixed = try Self.logs(withTraining: true)
        let alone = try Self.logs(withTraining: false)
        let (mixedOut, aloneOut) = (Fixtures.temporaryFolder(), Fixtures.temporaryFolder())
        defer { for f in [mixed, alone, mixedOut, aloneOut] { try? FileManager.default.removeItem(atPath: f) } }
        _ = try StudyReport.write(
            inputs: [mixed], outputFolder: mixedOut, groupBy: nil, participantsFile: nil, skipInvalid: false,
            filters: [try RowFilter(parsing: "protocol=thesis-study")])
        _ = try StudyReport.write(
            inputs: [alone], outputFolder: aloneOut, groupBy: nil, participantsFile: nil, skipInvalid: false)
        for sub in ["tables", "figures"] {
            let (got, want) = (try Self.files(mixedOut, sub), try Self.files(aloneOut, sub))
            #expect(got.keys.sorted() == want.keys.sorted(), "\(sub): the training sessions added or removed a file")
            for (name, data) in want where got[name] != data {
                Issue.record("\(sub)/\(name) differs from the report of the study's rows alone")
            }
        }
        #expect(try Self.files(aloneOut, "figures").keys.contains("figure-ratings-loudness.svg"), "the study's ratings")
    }

    @Test func theTrainingSessionsAreTheirOwnReport() throws {
        let mixed = try Self.logs(withTraining: true)
        let out = Fixtures.temporaryFolder()
        defer { for f in [mixed, out] { try? FileManager.default.removeItem(atPath: f) } }
        _ = try StudyReport.write(
            inputs: [mixed], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
            filters: [try RowFilter(parsing: "protocol=training-session")])
        let figures = try Self.files(out, "figures")
        let curve = try #require(figures["learning-curve-session-index.svg"], "three training sessions learn")
        let svg = String(decoding: curve, as: UTF8.self)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 3, "one dot per training session, not the study's")
        #expect(figures["figure-ratings-loudness.svg"] != nil)
        #expect(RowFilter.keeps("a", [try RowFilter(parsing: "x=a"), try RowFilter(parsing: "x!=b")]))
        #expect(!RowFilter.keeps("b", [try RowFilter(parsing: "x!=b")]))
        #expect(!RowFilter.keeps("c", [try RowFilter(parsing: "x=a")]))
    }
}
