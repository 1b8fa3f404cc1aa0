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
