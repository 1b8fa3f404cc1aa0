// Reminder settings as a careless hand or an attacker leaves them: every tampered value refused in one sentence.
import Foundation
import Testing

@Suite struct RemindersTamperTests {
    typealias Sandbox = RemindersCommandTests.Sandbox

    /// Installs P01's reminders with prompts, then returns the sandbox and the settings file.
    func installed() throws -> (Sandbox, URL) {
        let sandbox = try Sandbox()
        let set = try sandbox.run([
            "set", "--participant", "P01", "--training", "Mon 18:00", "--prompts", "2", "--window", "09:00-21:00",
            "--logs", sandbox.root.appendingPathComponent("logs").path,
        ])
        #expect(set.status == 0, "\(set.stderr)")
        return (sandbox, sandbox.config.appendingPathComponent("soundsafari/reminders/P01.json"))
    }

    /// The settings file with `key` set to `value` (a JSON fragment).
    func tamper(_ file: URL, _ key: String, _ value: String) throws {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        object[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: file)
    }

    static let tampered: [(key: String, value: String, named: String)] = [
        ("plan_days", "100000000", "'plan_days'"),
        ("plan_days", "0", "'plan_days'"),
        ("participant", "\"M3\"", "'participant'"),
        ("prompts", "-4", "'prompts'"),
        ("prompts", "400", "'prompts'"),
        ("prompts", "\"four\"", "'prompts'"),
        ("logs", "\"relative/logs\"", "'logs'"),
        ("logs", "\"/tmp/x\\nExecStartPre=/usr/bin/id\"", "'logs'"),
        ("executable", "\"/usr/bin/soundsafari\\nExecStartPre=/usr/bin/id\"", "'executable'"),
        ("windows", "[\"22:00-08:00\"]", "across midnight"),
        ("training", "[\"Someday 18:00\"]", "Someday"),
        ("training", "42", "'training'"),
    ]

    @Test(
        "replan and show refuse a tampered settings file in one sentence naming the field (replan looped, installed M3's units, took -4 as none)",
        arguments: tampered.indices)
    func tamperedSettingsAreRefused(index: Int) throws {
        let (key, value, named) = Self.tampered[index]
        let (sandbox, file) = try installed()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        try tamper(file, key, value)
        let unitsBefore = try FileManager.default.contentsOfDirectory(atPath: sandbox.units.path).sorted()
        for command in ["replan", "show"] {
            let result = try SoundSafariBinary.run(
                ["reminders", command, "--participant", "P01"], environment: sandbox.environment, killAfterSeconds: 60)
            #expect(result.status != 0 && result.status != 137, "\(command) \(key)=\(value): \(result.status)")
            #expect(result.stderr.contains(named), "\(command) \(key)=\(value): \(result.stderr)")
            #expect(result.stderr.contains("P01.json"), "\(command) \(key)=\(value): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.units.path).sorted() == unitsBefore)
        for unit in unitsBefore {
            #expect(!(try sandbox.unit(unit)).contains("ExecStartPre"), "\(unit)")
        }
    }

    @Test("A line break in --logs is refused before any unit is written (it wrote ExecStartPre= into the unit)")
    func controlCharactersInLogsAreRefused() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let result = try sandbox.run([
            "set", "--participant", "P01", "--training", "Mon 18:00", "--logs", "/tmp/x\nExecStartPre=/usr/bin/id",
        ])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--logs") && result.stderr.contains("U+000A"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.units.path))
    }

    @Test("Every word of ExecStart is double-quoted with systemd's escapes: quotes, backslashes, % and $ stay literal")
    func execStartWordsAreQuoted() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let logs = "/tmp/a b;\"c\"\\d%i$HOME'e"
        let result = try sandbox.run(["set", "--participant", "P01", "--training", "Mon 18:00", "--logs", logs])
        #expect(result.status == 0, "\(result.stderr)")
        let service = try sandbox.unit("soundsafari-reminder-P01-training.service")
        #expect(service.contains(#""--logs" "/tmp/a b;\"c\"\\d%%i$$HOME'e" "--kind""#), "\(service)")
    }

    @Test("Settings, unit files and their folders are owner-only (they were 0644)")
    func remindersAreOwnerOnly() throws {
        let (sandbox, file) = try installed()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? 0) & 0o777
        }
        #expect(try mode(file.path) == 0o600)
        #expect(try mode(file.deletingLastPathComponent().path) == 0o700)
        for unit in try FileManager.default.contentsOfDirectory(atPath: sandbox.units.path) {
            #expect(try mode(sandbox.units.appendingPathComponent(unit).path) == 0o600, "\(unit)")
        }
    }

    @Test(
        "A TZ that names no zone is said, not silently taken as UTC",
        arguments: ["Invalid/Zone", "UTC+25", "Europe/Lndon"])
    func unknownTimeZoneIsSaid(zone: String) throws {
        let result = try SoundSafariBinary.run(
            ["reminders", "plan", "--prompts", "2", "--days", "1", "--seed", "3"], environment: ["TZ": zone])
        #expect(result.status == 64, "\(result.stdout)")
        #expect(result.stderr.contains("TZ=\(zone)") && result.stderr.contains("UTC"), "\(result.stderr)")
    }
}
