// Bad input that was taken silently: each is now one sentence naming the file, line, field or flag, and a non-zero exit.
import Foundation
import StudyKit
import StudyRecords
import Testing

@Suite struct BadInputSentenceTests {
    static let plan = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan.json")

    /// The example plan with `replace` applied to its text, written into `folder`.
    static func plan(in folder: URL, _ replace: (String) -> String) throws -> URL {
        let url = folder.appendingPathComponent("plan.json")
        try replace(try String(contentsOf: plan, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static let planEdits: [(name: String, edit: @Sendable (String) -> String, said: String)] = [
        (
            "trailing comma",
            { $0.replacingOccurrences(of: "\"threshold_reversals\": 6", with: "\"threshold_reversals\": 6,") },
            "remove the trailing comma"
        ),
        (
            "repeated key", { $0.replacingOccurrences(of: "\"up\": 1,", with: "\"up\": 1, \"up\": 3,") },
            "\"up\" appears twice"
        ),
        (
            "step of 1e-300", { $0.replacingOccurrences(of: "[8, 4, 2]", with: "[1e-300]") },
            "adaptive.step_sizes[0]"
        ),
        (
            "unknown sound",
            { $0.replacingOccurrences(of: "\"targets\": [\"frog\"]", with: "\"targets\": [\"unicorn\"]") },
            "session.conditions[0].targets[0]"
        ),
    ]

    @Test(
        "plan assign names what is wrong in a plan file (trailing commas and repeated keys were accepted)",
        arguments: planEdits.indices)
    func badPlansAreNamed(index: Int) throws {
        let (name, edit, said) = Self.planEdits[index]
        let folder = try SoundSafariBinary.temporaryDirectory("bad-plan")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.plan(in: folder, edit)
        let result = try SoundSafariBinary.run([
            "plan", "assign", "--participant", "P01", "--logs", folder.appendingPathComponent("logs").path, file.path,
        ])
        #expect(result.status == 1, "\(name)")
        #expect(result.stderr.contains(said) && result.stderr.contains(file.path), "\(name): \(result.stderr)")
    }

    /// Issue 47: ArgumentParser said "Missing value for '--participant'" (or took the next argument as the ID).
    @Test(
        "An empty --participant= is named as the empty ID",
        arguments: [
            ["plan", "assign", "--participant=", "--logs", "LOGS", plan.path],
            ["plan", "assign", plan.path, "--participant="], ["profile", "show", "--participant=", "--logs", "LOGS"],
            ["profile", "set-output", "--participant=", "--ceiling-dbfs", "-3", "--logs", "LOGS"],
            ["simulate", "--rounds", "1", "--participant=", "--logs", "LOGS"],
        ])
    func anEmptyParticipantIsNamed(arguments: [String]) throws {
        let folder = try SoundSafariBinary.temporaryDirectory("empty-participant")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("logs")
        let result = try SoundSafariBinary.run(arguments.map { $0 == "LOGS" ? logs.path : $0 })
        #expect(result.status != 0)
        #expect(result.stderr.contains("''") && result.stderr.contains("it is empty"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: logs.path), "something was written for the empty ID")
    }

    @Test("simulate --plan --rounds 5 is refused instead of ignoring --rounds")
    func roundsWithAPlanIsRefused() throws {
        let result = try SoundSafariBinary.run(["simulate", "--plan", Self.plan.path, "--rounds", "5"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--rounds"), "\(result.stderr)")
    }

    static let audiograms: [(name: String, text: String, said: String)] = [
        ("NUL in a level", "frequency_hz,left_db_hl,right_db_hl\n1000,2\u{0}0,20\n", "holds a NUL byte"),
        ("semicolons", "frequency_hz;left_db_hl;right_db_hl\n1000;20;20\n", "separated by semicolons"),
        ("tabs", "frequency_hz\tleft_db_hl\tright_db_hl\n1000\t20\t20\n", "separated by tabs"),
    ]

    @Test(
        "An audiogram with a NUL or another separator is named (2<NUL>0 was read as 2 dB HL)",
        arguments: audiograms.indices)
    func badAudiogramsAreNamed(index: Int) throws {
        let (name, text, said) = Self.audiograms[index]
        let folder = try SoundSafariBinary.temporaryDirectory("bad-audiogram")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("audiogram.csv")
        try Data(text.utf8).write(to: file)
        let logs = folder.appendingPathComponent("logs")
        let result = try SoundSafariBinary.run([
            "profile", "set-audiogram", "--participant", "P01", "--logs", logs.path, file.path,
        ])
        #expect(result.status == 1, "\(name)")
        #expect(result.stderr.contains(said), "\(name): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("P01/profile.json").path))
    }

    @Test(
        "--logs \"\" is refused instead of writing into the current folder",
        arguments: [
            ["simulate", "--rounds", "1", "--logs", ""], ["plan", "assign", "--participant", "P01", "--logs", ""],
            ["profile", "set-output", "--participant", "P01", "--ceiling-dbfs", "-3", "--logs", ""],
        ])
    func anEmptyLogsFolderIsRefused(arguments: [String]) throws {
        let folder = try SoundSafariBinary.temporaryDirectory("empty-logs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SoundSafariBinary.run(
            arguments + (arguments[0] == "plan" ? [Self.plan.path] : []), currentDirectory: folder)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stderr.contains("--logs is empty"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(
        "A bearing of 1e308, NaN or beyond one turn is refused (1e308 became 296°)", arguments: ["1e308", "nan", "720"])
    func anImpossibleBearingIsRefused(bearing: String) throws {
        let result = try SoundSafariBinary.run([
            "render", "--sound", "frog", "--bearing", bearing, "--out", "/tmp/never.wav",
        ])
        #expect(result.status == 64, "\(bearing)")
        #expect(result.stderr.contains("--bearing"), "\(result.stderr)")
    }

    @Test("A plan session stopped by SIGTERM names the command that continues it, with --participant and --logs")
    func theAdviceAfterAStoppedPlanSessionNamesTheLogs() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("plan-term")
        defer { try? FileManager.default.removeItem(at: logs) }
        let process = Process()
        process.executableURL = SoundSafariBinary.url()
        process.arguments = [
            "simulate", "--plan", Self.plan.path, "--participant", "P01", "--realtime", "--seed", "3", "--logs",
            logs.path,
        ]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // Stopped once its first row is on disk (waiting on the real clock, up to 120 s).
        let deadline = Date().addingTimeInterval(120)
        var rows = 0
        while Date() < deadline, rows < 1, process.isRunning {
            Thread.sleep(forTimeInterval: 0.05)
            let participant = logs.appendingPathComponent("P01")
            let sessions = (try? FileManager.default.contentsOfDirectory(atPath: participant.path)) ?? []
            for name in sessions where !name.contains(".") {
                let trials = participant.appendingPathComponent(name).appendingPathComponent("trials.csv")
                rows = (try? TrialRow.readAll(from: trials).count) ?? 0
            }
        }
        kill(process.processIdentifier, SIGTERM)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM, "\(said)")
        #expect(said.contains("soundsafari train --participant P01 --logs \(logs.path)"), "\(said)")
        #expect(!said.contains("continue it with --resume"), "\(said)")
    }
}
