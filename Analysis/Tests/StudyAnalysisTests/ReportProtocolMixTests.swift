// A report over a lab study's and a training plan's logs together is refused, naming the --filter that picks one.
import Foundation
import StudyRecords
import Testing

@testable import StudyAnalysis

@Suite struct ReportProtocolMixTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/sample-session/P07/20261126T014050Z-18a8/trials.csv")

    /// The sample study session (protocol thesis-study) and the same rows as a training session of T01.
    static func mixedLogs() throws -> String {
        let logs = Fixtures.temporaryFolder()
        let text = try String(contentsOf: sample, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let protocolColumn = try #require(header.firstIndex(of: "protocol"))
        let planColumn = try #require(header.firstIndex(of: "plan"))
        let participantColumn = try #require(header.firstIndex(of: "participant"))
        let sessionColumn = try #require(header.firstIndex(of: "session_id"))
        let training = lines.map { line -> String in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[protocolColumn] = "training-session"
            fields[planColumn] = "localization-training-10x12"
            fields[participantColumn] = "T01"
            fields[sessionColumn] = "20261127T100000Z-0001"
            return fields.joined(separator: ",")
        }
        for (folder, body) in [
            ("P07/s1", text), ("T01/s1", ([header.joined(separator: ",")] + training).joined(separator: "\n") + "\n"),
        ] {
            try FileManager.default.createDirectory(atPath: logs + "/" + folder, withIntermediateDirectories: true)
            try body.write(toFile: logs + "/" + folder + "/trials.csv", atomically: true, encoding: .utf8)
        }
        return logs
    }

    @Test func aMixOfProtocolsIsRefusedWithTheFilterThatPicksOne() throws {
        let logs = try Self.mixedLogs()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let out = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        do {
            _ = try StudyReport.write(
                inputs: [logs], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false)
            Issue.record("a mix of protocols was reported on")
        } catch {
            let text = "\(error)"
            #expect(
                text.contains(
                    "The input mixes 2 protocols — 'thesis-study' (15 rows), 'training-session' (15 rows, training plan 'localization-training-10x12')"
                ), "\(text)")
            #expect(text.contains("--filter protocol=thesis-study"))
        }
        let summary = try StudyReport.write(
            inputs: [logs], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
            filters: [try RowFilter(parsing: "protocol=thesis-study")])
        #expect(summary.contains("15 rows, 1 participants"), "\(summary)")
        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(markdown.contains("(filtered: protocol=thesis-study)"))
        #expect(markdown.contains("(protocol 'thesis-study')"))
        let script = try String(contentsOfFile: out + "/analysis.R", encoding: .utf8)
        #expect(script.contains(#"trials <- trials[trials[["protocol"]] %in% c("thesis-study"), ]"#))
    }

    @Test func aFilterThatLeavesNoRowsListsTheValues() throws {
        let logs = try Self.mixedLogs()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let out = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect {
            _ = try StudyReport.write(
                inputs: [logs], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
                filters: [try RowFilter(parsing: "protocol=thesis")])
        } throws: { error in
            "\(error)".contains("protocol has 'thesis-study', 'training-session'")
        }
    }

    @Test func aFilteredReportDrawsOnlyItsParticipantsAndLeavesOutFiguresWithoutInformation() throws {
        let logs = try Self.mixedLogs()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        // The trainee answered the questionnaire; the study participant did not.
        try
            ("participant,session_id,session_index,moment,item,value,answered_at,prompted_at,skipped,codebook_version\n"
            + "T01,20261127T100000Z-0001,1,before,tinnitus_loudness,0.400,2026-11-27T10:00:00.000Z,,FALSE,1\n").write(
                toFile: logs + "/T01/ratings.csv", atomically: true, encoding: .utf8)
        let out = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try StudyReport.write(
            inputs: [logs], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
            filters: [try RowFilter(parsing: "protocol=thesis-study")])
        let figures = try FileManager.default.contentsOfDirectory(atPath: out + "/figures")
        #expect(!figures.contains("figure-ratings-loudness.svg"), "T01's ratings are not the study's: \(figures)")
        #expect(!figures.contains("learning-curve-sessions.svg"), "one session each would be one dot")
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(!html.contains("Table 6.") && !html.contains("Figure 6."), "no thesis numbering")
        #expect(html.contains("<h2>Table 1: p-values for angle deviation</h2>"))
        #expect(html.contains("<th>condition</th>"), "a text column's header is left-aligned like its cells")
        #expect(html.contains("<th class=\"n\">n_<wbr>participants</th>"))
    }

    @Test func analysisRFindsTheLogsRelativeToItself() throws {
        let logs = try Self.mixedLogs()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let out = logs + "-report"
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try StudyReport.write(
            inputs: [logs], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
            filters: [try RowFilter(parsing: "protocol=thesis-study")])
        let script = try String(contentsOfFile: out + "/analysis.R", encoding: .utf8)
        let name = (logs as NSString).lastPathComponent
        #expect(
            script.contains(#"files <- file.path(here, c("../\#(name)/P07/s1/trials.csv""#), "\(script.prefix(1200))")
        #expect(!script.contains(logs + "/"), "no absolute path of the logs")
        #expect(ReportRScript.relative("/a/b/c/trials.csv", from: "/a/x/report") == "../../b/c/trials.csv")
    }

    @Test func aSessionThatWasNotCompletedIsNamedInTheReport() throws {
        let logs = try Self.mixedLogs()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let sample = Self.sample.deletingLastPathComponent().appendingPathComponent("session.json")
        var record = try SessionRecord.decode(Data(contentsOf: sample), file: sample.path)
        record.completed = false
        record.endedBy = .signal
        try record.encoded().write(to: URL(fileURLWithPath: logs + "/P07/s1/session.json"))
        let out = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        _ = try StudyReport.write(
            inputs: [logs], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
            filters: [try RowFilter(parsing: "protocol=thesis-study")])
        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(markdown.contains("Sessions not completed (their trials are included"))
        #expect(markdown.contains("P07 20261126T014050Z-18a8 (ended by signal)"))
    }
}
