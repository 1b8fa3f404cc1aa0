// The analyzer's inputs as a damaged or hand-edited log leaves them: impossible values are named, never averaged.
import Foundation
import Testing

@Suite struct InputStrictnessTests {
    static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/sample-session/P07/20261126T014050Z-18a8")

    /// A logs folder holding the sample session (its trials.csv changed by `edit`) and ratings.csv rows.
    struct Logs {
        let root: URL
        var trials: URL { root.appendingPathComponent("P07/20261126T014050Z-18a8/trials.csv") }
        var ratings: URL { root.appendingPathComponent("P07/ratings.csv") }

        init(trials edit: (inout [[String]]) -> Void = { _ in }, ratings: [String]? = nil) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("strict-\(UUID().uuidString)")
            let folder = root.appendingPathComponent("P07")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: InputStrictnessTests.session, to: folder.appendingPathComponent("20261126T014050Z-18a8"))
            var rows = try String(contentsOf: trials, encoding: .utf8).split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            edit(&rows)
            try (rows.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n").write(
                to: trials, atomically: true, encoding: .utf8)
            let header =
                "participant,session_id,session_index,moment,item,value,answered_at,prompted_at,skipped,codebook_version"
            let lines =
                ratings ?? [
                    "P07,20261126T014050Z-18a8,1,before,tinnitus_loudness,0.500,2026-11-23T17:00:00.000Z,,FALSE,1",
                    "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,1",
                ]
            try ([header] + lines).joined(separator: "\n").appending("\n").write(
                to: self.ratings, atomically: true, encoding: .utf8)
        }

        /// Row 1's `column` set to `value`.
        static func cell(_ column: String, _ value: String) -> (inout [[String]]) -> Void {
            { rows in rows[1][rows[0].firstIndex(of: column)!] = value }
        }
    }

    let cli = CommandLineTests()

    @Test(
        "progress and describe refuse an abs_deviation_deg of 1e308, NaN, inf, 200 or -1 (progress took them)",
        arguments: ["1e308", "nan", "inf", "200", "-1"])
    func impossibleDeviationsAreRefused(value: String) throws {
        let logs = try Logs(trials: Logs.cell("abs_deviation_deg", value))
        defer { try? FileManager.default.removeItem(at: logs.root) }
        for command in ["progress", "describe"] {
            let r = try cli.run([command, logs.root.path])
            #expect(r.status != 0, "\(command) took abs_deviation_deg \(value): \(r.out)")
            #expect(r.err.contains("abs_deviation_deg"), "\(command): \(r.err)")
        }
    }

    @Test("A negative time_s is refused by progress and describe --value time_s")
    func negativeTimeIsRefused() throws {
        let logs = try Logs(trials: Logs.cell("time_s", "-3"))
        defer { try? FileManager.default.removeItem(at: logs.root) }
        for arguments in [["progress", logs.root.path], ["describe", logs.root.path, "--value", "time_s"]] {
            let r = try cli.run(arguments)
            #expect(r.status != 0 && r.err.contains("time_s"), "\(arguments[0]): \(r.err)")
        }
    }

    /// Issue 47: a measured cell the game cannot write stops every command, whichever column it analyses.
    static let impossibleCells: [(column: String, value: String)] = [
        ("time_s", "-3.000"), ("time_s", "-0.001"), ("target_bearing_deg", "400.000"), ("aim_bearing_deg", "-1"),
        ("deviation_deg", "200"), ("time_s", "abc"),
    ]

    @Test(
        "A row whose other measured column is impossible is refused by describe, ratings, report and lmm too",
        arguments: impossibleCells.indices)
    func aRowIsCheckedWhicheverColumnIsAnalysed(index: Int) throws {
        let (column, value) = Self.impossibleCells[index]
        let logs = try Logs(trials: Logs.cell(column, value))
        defer { try? FileManager.default.removeItem(at: logs.root) }
        let out = logs.root.appendingPathComponent("report").path
        for arguments in [
            ["describe", logs.root.path], ["describe", logs.root.path, "--value", "abs_deviation_deg"],
            ["progress", logs.root.path], ["rate", logs.root.path], ["ratings", logs.root.path],
            ["report", logs.root.path, "--out", out, "--no-mixed-models"],
            ["lmm", logs.root.path, "--model", "abs_deviation_deg ~ 1 + (1 | participant)"],
        ] {
            let r = try cli.run(arguments)
            #expect(r.status != 0, "\(arguments[0]) took \(column) \(value): \(r.out)")
            #expect(r.err.contains("trials.csv:2: column '\(column)': '\(value)'"), "\(arguments[0]): \(r.err)")
        }
    }

    @Test("describe --skip-invalid leaves a row with a negative search time out and counts it")
    func aNegativeTimeIsLeftOutAndCountedWithSkipInvalid() throws {
        let logs = try Logs(trials: Logs.cell("time_s", "-3.000"))
        let good = try Logs()
        defer {
            try? FileManager.default.removeItem(at: logs.root)
            try? FileManager.default.removeItem(at: good.root)
        }
        let whole = try cli.run(["describe", good.root.path, "--format", "json"])
        let r = try cli.run(["describe", logs.root.path, "--skip-invalid", "--format", "json"])
        #expect(r.status == 0 && whole.status == 0, "\(r.err)")
        #expect(r.err.contains("skipped 1 invalid row(s)") && r.err.contains("time_s"), "\(r.err)")
        #expect(r.out != whole.out, "the row was analysed")
    }

    @Test("\"yes\" is no TRUE: rate refuses it")
    func yesIsNoBoolean() throws {
        let logs = try Logs(trials: Logs.cell("front_back_confusion", "yes"))
        defer { try? FileManager.default.removeItem(at: logs.root) }
        let r = try cli.run(["rate", logs.root.path])
        #expect(r.status != 0 && r.err.contains("'yes'"), "\(r.out) \(r.err)")
    }

    @Test("A header naming one column twice is refused")
    func repeatedHeaderNamesAreRefused() throws {
        let logs = try Logs(trials: { rows in rows[0][rows[0].firstIndex(of: "deviation_deg")!] = "abs_deviation_deg" })
        defer { try? FileManager.default.removeItem(at: logs.root) }
        let r = try cli.run(["describe", logs.root.path])
        #expect(r.status != 0 && r.err.contains("'abs_deviation_deg' twice"), "\(r.err)")
    }

    static let badRatings: [(row: String, said: String)] = [
        ("P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,42,2026-11-23T17:10:00.000Z,,FALSE,1", "'42'"),
        ("P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,1e308,2026-11-23T17:10:00.000Z,,FALSE,1", "'1e308'"),
        ("P07,20261126T014050Z-18a8,1,after,happiness,0.5,2026-11-23T17:10:00.000Z,,FALSE,1", "'happiness'"),
        (
            "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.4,2026-11-23T17:10:00.000Z,,FALSE,3",
            "codebook_version"
        ),
    ]

    @Test(
        "ratings refuses a value off its item's scale, an unknown item and another codebook version",
        arguments: badRatings.indices)
    func badRatingsAreRefused(index: Int) throws {
        let (row, said) = Self.badRatings[index]
        let logs = try Logs(ratings: [
            "P07,20261126T014050Z-18a8,1,before,tinnitus_loudness,0.500,2026-11-23T17:00:00.000Z,,FALSE,1", row,
        ])
        defer { try? FileManager.default.removeItem(at: logs.root) }
        let r = try cli.run(["ratings", logs.root.path])
        #expect(r.status != 0 && r.err.contains(said), "\(r.out) \(r.err)")
    }

    /// Issue 47: rows the game never writes, read through RatingRow's codec and its check.
    static let impossibleRatings: [(row: String, column: String)] = [
        ("P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,TRUE,1", "skipped"),
        ("P07,20261126T014050Z-18a8,1,after,mood,5.000,2026-11-23T17:10:00.000Z,,TRUE,1", "skipped"),
        ("P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,yesterday,,FALSE,1", "answered_at"),
        ("P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,17:10,,FALSE,1", "answered_at"),
        (
            "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,7",
            "codebook_version"
        ),
        (
            "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,0",
            "codebook_version"
        ),
        ("P08,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,1", "participant"),
        ("R01,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,1", "participant"),
        (
            "P07,20261126T014050Z-18a8,0,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,1",
            "session_index"
        ),
        ("P07,S1,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,,FALSE,1", "session_id"),
        (
            "P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,0.400,2026-11-23T17:10:00.000Z,2026-11-23T17:00:00.000Z,FALSE,1",
            "prompted_at"
        ),
        ("P07,20261126T014050Z-18a8,1,after,tinnitus_loudness,-0.2,2026-11-23T17:10:00.000Z,,FALSE,1", "value"),
    ]

    @Test(
        "ratings refuses each row the game could not have written, naming file, line and column; --skip-invalid counts it",
        arguments: impossibleRatings.indices)
    func impossibleRatingsAreRefusedOrCounted(index: Int) throws {
        let (row, column) = Self.impossibleRatings[index]
        let logs = try Logs(ratings: [
            "P07,20261126T014050Z-18a8,1,before,tinnitus_loudness,0.500,2026-11-23T17:00:00.000Z,,FALSE,1", row,
            "P07,20261126T014050Z-18a8,1,after,tinnitus_distress,0.300,2026-11-23T17:11:00.000Z,,FALSE,1",
        ])
        defer { try? FileManager.default.removeItem(at: logs.root) }
        let r = try cli.run(["ratings", logs.root.path])
        #expect(r.status != 0, "\(r.out)")
        #expect(r.err.contains("P07/ratings.csv:3: column '\(column)'"), "\(r.err)")
        #expect(r.err.contains("--skip-invalid"), "\(r.err)")
        let skipping = try cli.run(["ratings", logs.root.path, "--skip-invalid", "--format", "json"])
        #expect(skipping.status == 0, "\(skipping.err)")
        #expect(skipping.err.contains("skipped 1 invalid row(s)") && skipping.err.contains(":3:"), "\(skipping.err)")
        let report = try cli.run([
            "report", logs.root.path, "--out", logs.root.appendingPathComponent("out").path, "--no-mixed-models",
        ])
        #expect(report.status != 0 && report.err.contains("P07/ratings.csv:3"), "\(report.err)")
    }

    @Test("A good ratings.csv reads the same with --skip-invalid, and nothing is counted")
    func goodRatingsAreUntouchedBySkipInvalid() throws {
        let plain = try cli.run(["ratings", Fixtures.path("ratings-logs"), "--format", "json"])
        let skipping = try cli.run(["ratings", Fixtures.path("ratings-logs"), "--format", "json", "--skip-invalid"])
        #expect(plain.status == 0 && plain.out == skipping.out && !skipping.err.contains("skipped"), "\(skipping.err)")
    }

    @Test("A 0-byte trials.csv (a log with no rows yet) leaves the rest of the folder readable")
    func anEmptyTrialsFileIsALogWithNoRows() throws {
        let logs = try Logs()
        defer { try? FileManager.default.removeItem(at: logs.root) }
        let empty = logs.root.appendingPathComponent("P07/20261126T020000Z-0000")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: empty.appendingPathComponent("trials.csv").path, contents: Data())
        let r = try cli.run(["describe", logs.root.path])
        #expect(r.status == 0, "\(r.err)")
    }

    @Test("report --out a participant's folder or a folder inside a session is refused (it wrote among the logs)")
    func reportNeverWritesAmongTheLogs() throws {
        let logs = try Logs()
        defer { try? FileManager.default.removeItem(at: logs.root) }
        for out in ["P07", "P07/20261126T014050Z-18a8/figures"] {
            let r = try cli.run(["report", logs.root.path, "--out", logs.root.appendingPathComponent(out).path])
            #expect(r.status != 0 && r.err.contains("folder of study logs"), "\(out): \(r.err)")
            #expect(
                !FileManager.default.fileExists(atPath: logs.root.appendingPathComponent(out + "/report.html").path))
        }
    }
}
