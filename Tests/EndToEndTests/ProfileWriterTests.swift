// The profile and plan writers as careless hands, links, races and a full disk meet them: nobody else's data touched.
import Foundation
import Testing

@Suite struct ProfileWriterTests {
    let folder: URL
    var logs: URL { folder.appendingPathComponent("logs") }

    init() throws { folder = try SoundSafariBinary.temporaryDirectory("profile-writers") }

    func setOutput(_ participant: String, _ extra: [String] = ["--ceiling-dbfs", "-3"]) throws -> CommandOutput {
        try SoundSafariBinary.run(
            ["profile", "set-output", "--participant", participant, "--logs", logs.path] + extra, killAfterSeconds: 120)
    }

    func profile(_ participant: String) -> URL {
        logs.appendingPathComponent(participant).appendingPathComponent("profile.json")
    }

    func versions(_ participant: String) throws -> [Int] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: profile(participant))) as? [String: Any]
        return (object?["versions"] as? [[String: Any]] ?? []).compactMap { $0["version"] as? Int }
    }

    /// The participant's profile.json rewritten by `change` (a JSON object as Foundation reads it).
    func edit(_ participant: String, _ change: (inout [String: Any]) -> Void) throws {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: profile(participant))) as? [String: Any]
        change(&object!)
        try JSONSerialization.data(withJSONObject: object!, options: [.sortedKeys]).write(to: profile(participant))
    }

    @Test("A profile whose participant field says P99 is refused for --participant P01; nothing is written for P99")
    func theCommandLinesParticipantWins() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try setOutput("P01").status == 0)
        try edit("P01") { object in
            object["participant"] = "P99"
            var versions = object["versions"] as! [[String: Any]]
            versions[versions.count - 1]["participant"] = "P99"
            object["versions"] = versions
        }
        let result = try setOutput("P01")
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("'participant' says P99"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("P99").path))
        let show = try SoundSafariBinary.run(["profile", "show", "--participant", "P01", "--logs", logs.path])
        #expect(show.status == 1 && show.stderr.contains("says P99"), "\(show.stderr)")
    }

    /// Issue 47: `"1e3"` beside `"1000"` is one frequency under two spellings; each command took one of them silently.
    @Test(
        "An audiogram naming one frequency twice is refused by show, simulate and set-output, and the file is not rewritten",
        arguments: [("1e3", "35"), ("1000.0", "20"), ("1.0e+3", "25")])
    func oneFrequencyTwiceIsRefusedAndTheFileKept(spelling: String, level: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
            {"schema_version": 1, "participant": "P01", "audiogram": {"unit": "dB HL", \
            "left": {"1000": 20, "\(spelling)": \(level), "4000": 35}, "right": {"1000": 25, "4000": 40}}}

            """
        try FileManager.default.createDirectory(
            at: logs.appendingPathComponent("P01"), withIntermediateDirectories: true)
        try text.write(to: profile("P01"), atomically: true, encoding: .utf8)
        let field = "audiogram.left.\(spelling < "1000" ? "1000" : spelling)"
        for arguments in [
            ["profile", "show", "--participant", "P01", "--logs", logs.path],
            ["profile", "set-output", "--participant", "P01", "--logs", logs.path, "--ceiling-dbfs", "-3"],
            ["simulate", "--mode", "one-target", "--rounds", "1", "--participant", "P01", "--logs", logs.path],
        ] {
            let result = try SoundSafariBinary.run(arguments, killAfterSeconds: 300)
            #expect(result.status == 1, "\(arguments[0]) \(arguments[1]): \(result.stdout)")
            #expect(
                result.stderr.contains(profile("P01").path) && result.stderr.contains("'\(field)'")
                    && result.stderr.contains("names the same frequency"), "\(result.stderr)")
            #expect(try String(contentsOf: profile("P01"), encoding: .utf8) == text, "\(arguments[1]) rewrote the file")
        }
        let sessions = try FileManager.default.contentsOfDirectory(atPath: logs.appendingPathComponent("P01").path)
        #expect(sessions == ["profile.json"] || !sessions.contains { $0.hasPrefix("2") }, "\(sessions)")
    }

    @Test("A profile.json that links into another participant's folder is neither written nor played with")
    func aLinkToAnotherParticipantsProfileIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try setOutput("P02").status == 0)
        let theirs = try Data(contentsOf: profile("P02"))
        try FileManager.default.createDirectory(
            at: logs.appendingPathComponent("P01"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: profile("P01"), withDestinationURL: profile("P02"))
        let result = try setOutput("P01")
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a link to"), "\(result.stderr)")
        #expect(try Data(contentsOf: profile("P02")) == theirs, "P02's profile got a version from P01's command")
        let simulate = try SoundSafariBinary.run(
            ["simulate", "--mode", "one-target", "--rounds", "1", "--participant", "P01", "--logs", logs.path],
            killAfterSeconds: 300)
        #expect(simulate.status == 1 && simulate.stderr.contains("is a link to"), "\(simulate.stderr)")
    }

    @Test("Ten set-output at once all exit 0 and all ten versions are in the file, numbered 1 to 11")
    func concurrentWritersLoseNoVersion() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try setOutput("P03").status == 0)
        let statuses = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 10)
        defer { statuses.deallocate() }
        nonisolated(unsafe) let results = statuses
        DispatchQueue.concurrentPerform(iterations: 10) { index in
            results[index] = (try? setOutput("P03", ["--ceiling-dbfs", "-\(index + 1)"]).status) ?? -1
        }
        #expect(Array(statuses) == [Int32](repeating: 0, count: 10))
        #expect(try versions("P03") == Array(1...11))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: logs.appendingPathComponent("P03").path)
            .filter { $0.hasSuffix(".writing") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test(
        "Hand edits that the next write would erase or misnumber are refused naming the field",
        arguments: ["top-level", "duplicate", "reversed", "gap"])
    func inconsistentHandEditsAreRefused(kind: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try setOutput("P04").status == 0)
        #expect(try setOutput("P04", ["--max-volume-db", "-6"]).status == 0)
        #expect(try setOutput("P04", ["--max-volume-db", "-9"]).status == 0)
        let expected: String
        try edit("P04") { object in
            var versions = object["versions"] as! [[String: Any]]
            switch kind {
            case "top-level": object["output"] = ["ceiling_dbfs": -12, "max_volume_db": -9]
            case "duplicate": versions[2]["version"] = 2
            case "reversed": versions.reverse()
            default: versions[2]["version"] = 5
            }
            if kind != "top-level" { object["versions"] = versions }
        }
        switch kind {
        case "top-level": expected = "'output' differs between the top level and the newest version"
        case "reversed": expected = "'versions[0].version' is 3"
        default: expected = "'versions[2].version' is"
        }
        let before = try Data(contentsOf: profile("P04"))
        let result = try setOutput("P04")
        #expect(result.status == 1)
        #expect(result.stderr.contains(expected), "\(kind): \(result.stderr)")
        #expect(try Data(contentsOf: profile("P04")) == before, "what a person wrote was rewritten")
    }

    /// Runs soundsafari with writes limited to 1 KiB per file (SIGXFSZ ignored, so a write fails with EFBIG
    /// as one on a full disk fails with ENOSPC).
    func withFullDisk(_ arguments: [String]) throws -> CommandOutput {
        let binary = SoundSafariBinary.url().path
        let quoted = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try SoundSafariBinary.run(
            ["-c", "trap '' XFSZ; ulimit -f 1; exec \(quoted)"], executable: "/bin/bash")
    }

    @Test(
        "A full disk during set-output or plan assign leaves the files as they were, no temporary, and no --resume advice"
    )
    func aFullDiskLeavesNothingHalfWritten() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        for limit in ["-6", "-9", "-12"] { #expect(try setOutput("P05", ["--max-volume-db", limit]).status == 0) }
        let before = try Data(contentsOf: profile("P05"))
        let profileRun = try withFullDisk([
            "profile", "set-output", "--participant", "P05", "--logs", logs.path, "--ceiling-dbfs", "-1",
        ])
        #expect(profileRun.status == 1)
        #expect(profileRun.stderr.contains("nothing was changed"), "\(profileRun.stderr)")
        #expect(!profileRun.stderr.contains("--resume"), "\(profileRun.stderr)")
        #expect(try Data(contentsOf: profile("P05")) == before)

        let plan = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan.json").path
        let first = try SoundSafariBinary.run(["plan", "assign", "--participant", "P05", "--logs", logs.path, plan])
        #expect(first.status == 0, "\(first.stderr)")
        let planRun = try withFullDisk(["plan", "assign", "--participant", "P05", "--logs", logs.path, plan])
        #expect(planRun.status == 1)
        #expect(
            planRun.stderr.contains("nothing was changed") && !planRun.stderr.contains("--resume"), "\(planRun.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: logs.appendingPathComponent("P05").path)
        #expect(!names.contains("plan-002.json"), "a cut-off plan-002.json was left")
        #expect(!names.contains { $0.hasSuffix(".writing") }, "\(names)")
    }
}
