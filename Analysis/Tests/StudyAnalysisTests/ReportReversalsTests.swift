// The report's front-back reversals per compared level and its participant x level table (issue 43: HRTF sets),
// against R on the check fixture (12 participants, each their chosen set and the default one, 6 directions each).
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct ReportReversalsTests {
    /// Values printed by R 4.2.2 from Fixtures/lmm-hrtf-check.csv: per set `prop.test(hits, n, correct = FALSE)`
    /// (the Wilson interval), and per participant and set `mean(abs_deviation_deg)` and the reversals.
    static let rSets: [String: (reversals: Int, trials: Int, rate: Double, low: Double, high: Double)] = [
        "ari-nh2": (4, 18, 0.22222222222222221, 0.090009281086016926, 0.45214584316212614),
        "default-48000": (29, 72, 0.40277777777777779, 0.29721111152104912, 0.5181932831504843),
        "fhk-ku100": (0, 18, 0, 0, 0.17587922364665756),
        "ircam-listen-1002": (2, 18, 0.1111111111111111, 0.031019522645612387, 0.32799765130178793),
    ]
    static let rCells: [(participant: String, set: String, mean: Double, reversals: Int)] = [
        ("P01", "ari-nh2", 15.053333333333333, 1), ("P01", "default-48000", 23.535, 2),
        ("P10", "default-48000", 17.173333333333332, 5), ("P10", "fhk-ku100", 6.6366666666666667, 0),
        ("P11", "ircam-listen-1002", 24.156666666666666, 2),
    ]

    static func close(_ ours: String, _ r: Double) -> Bool {
        guard let value = Double(ours) else { return false }
        return abs(value - r) <= 5e-5 * abs(r) + 1e-12
    }

    /// The fixture as a report reads it: the same rows with a search time (the report needs one; not compared here).
    static func report() throws -> String {
        let folder = Fixtures.temporaryFolder()
        let lines = try String(contentsOfFile: Fixtures.path("lmm-hrtf-check.csv"), encoding: .utf8)
            .split(separator: "\n")
        let csv = lines.enumerated().map { $0.offset == 0 ? $0.element + ",\"time_s\"" : $0.element + ",1.5" }
        try (csv.joined(separator: "\n") + "\n").write(
            toFile: folder + "/hrtf-check.csv", atomically: true, encoding: .utf8)
        _ = try StudyReport.write(
            inputs: [folder + "/hrtf-check.csv"], outputFolder: folder + "/report", compare: "hrtf", groupBy: nil,
            participantsFile: nil, skipInvalid: false, mixedModels: false)
        return folder + "/report"
    }

    static func table(_ path: String) throws -> (header: [String], rows: [[String]]) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return (lines[0], Array(lines.dropFirst()))
    }

    @Test func reversalsPerSetAndPerParticipantAndSetAgreeWithR() throws {
        let out = try Self.report()
        defer { try? FileManager.default.removeItem(atPath: (out as NSString).deletingLastPathComponent) }
        let conditions = try Self.table(out + "/tables/conditions.csv")
        func column(_ name: String) throws -> Int { try #require(conditions.header.firstIndex(of: name), "\(name)") }
        for (set, r) in Self.rSets {
            let row = try #require(conditions.rows.first { $0[0] == set }, "\(set)")
            #expect(row[try column("front_back_reversals")] == "\(r.reversals)")
            #expect(Self.close(row[try column("front_back_reversal_rate")], r.rate), "\(set) rate")
            #expect(Self.close(row[try column("reversal_ci_low")], r.low), "\(set) low")
            #expect(Self.close(row[try column("reversal_ci_high")], r.high), "\(set) high")
            #expect(row[try column("n_trials")] == "\(r.trials)")
        }

        let cells = try Self.table(out + "/tables/participant-conditions.csv")
        #expect(
            cells.header == [
                "participant", "hrtf", "n_trials", "mean_abs_deviation_deg", "front_back_reversals",
                "reversal_trials", "front_back_reversal_rate",
            ])
        #expect(cells.rows.count == 24, "each participant's chosen set and the default one")
        for r in Self.rCells {
            let row = try #require(cells.rows.first { $0[0] == r.participant && $0[1] == r.set })
            #expect(row[2] == "6" && row[5] == "6" && row[4] == "\(r.reversals)", "\(row)")
            #expect(Self.close(row[3], r.mean), "\(r.participant) \(r.set): \(row[3]) vs \(r.mean)")
            #expect(Self.close(row[6], Double(r.reversals) / 6))
        }

        // Both documents show the participant x set table, a set not played as "—".
        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(markdown.contains("## Participants by hrtf: mean absolute deviation and front-back reversals"))
        #expect(markdown.contains("| P01 | 15.1° (1/6) | 23.5° (2/6) | — |"), "\(markdown)")
        #expect(markdown.contains("front_back_reversal_rate | reversal_ci_low | reversal_ci_high |"))
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.contains("<td>P10</td><td>—</td><td>17.2° (5/6)</td><td>6.6° (0/6)</td>"), "\(html)")
        // analysis.R computes the same two tables.
        let script = try String(contentsOfFile: out + "/analysis.R", encoding: .utf8)
        #expect(script.contains("front_back_reversal_rate = ") && script.contains("CELL|"))
    }

    /// Logs older than the column report no reversals: empty cells, no reversal table, no error.
    @Test func logsWithoutTheColumnLeaveTheReversalsEmpty() throws {
        let folder = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try StudyReport.write(
            inputs: [Fixtures.path("StudyLogs-sample")], outputFolder: folder + "/report", groupBy: nil,
            participantsFile: nil, skipInvalid: false, mixedModels: false)
        let conditions = try Self.table(folder + "/report/tables/conditions.csv")
        let rate = try #require(conditions.header.firstIndex(of: "front_back_reversal_rate"))
        #expect(conditions.rows.allSatisfy { $0[rate].isEmpty })
        let cells = try Self.table(folder + "/report/tables/participant-conditions.csv")
        #expect(!cells.rows.isEmpty && cells.rows.allSatisfy { $0[4].isEmpty && $0[6].isEmpty })
        let markdown = try String(contentsOfFile: folder + "/report/report.md", encoding: .utf8)
        #expect(!markdown.contains("Trials pooled: front-back reversals"))
    }
}
