// `soundsafari reminders` as a user runs it: units installed into a temporary user unit folder, read back, verified.
import Foundation
import Testing

@Suite struct RemindersCommandTests {
    /// A temporary XDG_CONFIG_HOME and a `systemctl` on PATH that records its arguments (no user manager
    /// runs in a test container), so the command's whole path is exercised.
    struct Sandbox {
        let root: URL
        var config: URL { root.appendingPathComponent("config") }
        var units: URL { config.appendingPathComponent("systemd/user") }
        var calls: URL { root.appendingPathComponent("systemctl-calls.txt") }
        var environment: [String: String] {
            [
                "XDG_CONFIG_HOME": config.path,
                "PATH": root.appendingPathComponent("bin").path + ":"
                    + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
            ]
        }

        init() throws {
            root = try SoundSafariBinary.temporaryDirectory("reminders")
            let bin = root.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let fake = bin.appendingPathComponent("systemctl")
            try "#!/bin/sh\necho \"$@\" >> '\(calls.path)'\n".write(to: fake, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        }

        func run(_ arguments: [String]) throws -> CommandOutput {
            try SoundSafariBinary.run(["reminders"] + arguments, environment: environment)
        }

        func unit(_ name: String) throws -> String {
            try String(contentsOf: units.appendingPathComponent(name), encoding: .utf8)
        }
    }

    @Test func setInstallsTimersThatReadBackAndRemoveTakesThemAway() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let set = try sandbox.run([
            "set", "--participant", "P07", "--training", "Mon,Wed,Fri 18:00", "--prompts", "4", "--window",
            "08:00-22:00", "--logs", sandbox.root.appendingPathComponent("logs").path,
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.units.path).sorted()
        #expect(
            names
                == [
                    "prompt.service", "prompt.timer", "replan.service", "replan.timer", "training.service",
                    "training.timer",
                ]
                .map { "soundsafari-reminder-P07-" + $0 })
        let training = try sandbox.unit("soundsafari-reminder-P07-training.timer")
        #expect(training.contains("OnCalendar=Mon,Wed,Fri *-*-* 18:00:00"))
        #expect(training.contains("Persistent=true"), "a time missed in sleep fires once on wake")
        let prompts = try sandbox.unit("soundsafari-reminder-P07-prompt.timer")
        let times = prompts.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }
        #expect(times.count >= 4 * 6, "7 days of 4 prompts, today's past ones left out: \(times.count)")
        let service = try sandbox.unit("soundsafari-reminder-P07-prompt.service")
        #expect(service.contains(#""reminders" "notify" "--participant" "P07""#), "\(service)")
        #expect(service.contains(#""--kind" "prompt""#))
        let calls = try String(contentsOf: sandbox.calls, encoding: .utf8)
        #expect(calls.contains("--user daemon-reload"))
        #expect(calls.contains("--user enable soundsafari-reminder-P07-training.timer"))

        let show = try sandbox.run(["show", "--participant", "P07"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("Training: Mon,Wed,Fri 18:00"))
        #expect(show.stdout.contains("Random prompts: 4 a day in 08:00-22:00"))

        let remove = try sandbox.run(["remove", "--participant", "P07"])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.units.path).isEmpty)
        #expect(try String(contentsOf: sandbox.calls, encoding: .utf8).contains("--user disable --now"))
    }

    static let analyze = "/usr/bin/systemd-analyze"

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: analyze),
            "systemd-analyze is not installed (scripts/install-deps.sh installs systemd)"))
    func theGeneratedUnitsPassSystemdAnalyzeVerify() throws {
        let analyze = Self.analyze
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let set = try sandbox.run([
            "set", "--participant", "P08", "--training", "daily 07:30", "--prompts", "6", "--window", "09:00-21:00",
        ])
        #expect(set.status == 0, "\(set.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.units.path).sorted()
            .map { sandbox.units.appendingPathComponent($0).path }
        let runtime = sandbox.root.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        process.arguments = ["--user", "verify"] + files
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["XDG_CONFIG_HOME"] = sandbox.config.path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "systemd-analyze verify: \(said)")
        #expect(said.isEmpty, "systemd-analyze verify found: \(said)")
    }

    @Test func badSettingsAreRefusedWithOneSentence() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        let tooMany = try sandbox.run(["set", "--participant", "P09", "--prompts", "5", "--window", "08:00-09:00"])
        #expect(tooMany.status == 64)
        #expect(tooMany.stderr.contains("at most 3 fit"))
        let nothing = try sandbox.run(["set", "--participant", "P09"])
        #expect(nothing.status == 64)
        let plan = try sandbox.run(["plan", "--prompts", "2", "--window", "12:00-10:00", "--days", "1", "--seed", "4"])
        #expect(plan.status == 64)
        #expect(plan.stderr.contains("across midnight"), "\(plan.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.units.path), "nothing installed by refusals or plan")
    }

    @Test func planPrintsLocalISOTimesWithOffsetAsJSON() throws {
        let output = try SoundSafariBinary.run(
            [
                "reminders", "plan", "--prompts", "3", "--window", "00:00-24:00", "--days", "2", "--seed", "11",
                "--format", "json",
            ],
            environment: ["TZ": "Europe/Berlin"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let times = try #require(object?["times"] as? [String])
        // Today's three and tomorrow's three; fewer of today's when the test runs late in Berlin's day (from 23:45 on,
        // none of today's is 15 minutes away any more: tomorrow's three alone).
        #expect(times.count >= 3 && times.count <= 6, "\(times)")
        #expect(times.allSatisfy { $0.hasSuffix("+01:00") || $0.hasSuffix("+02:00") }, "\(times)")
    }

    @Test func theNotificationNamesOnlyTheAppAndADismissalOpensNothing() throws {
        let sandbox = try Sandbox()
        defer { try? FileManager.default.removeItem(at: sandbox.root) }
        // A notify-send that records what it was asked to show and reports a dismissal (no action chosen).
        let said = sandbox.root.appendingPathComponent("notify-send-args.txt")
        let fake = sandbox.root.appendingPathComponent("bin/notify-send")
        try "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\" >> '\(said.path)'; done\n".write(
            to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        for kind in ["training", "prompt"] {
            let output = try sandbox.run(["notify", "--participant", "Secret-P07", "--kind", kind])
            #expect(output.status == 0, "\(output.stderr)")
        }
        let arguments = try String(contentsOf: said, encoding: .utf8)
        #expect(arguments.contains("--app-name=SoundSafari"))
        #expect(arguments.contains("Time for your listening training."))
        #expect(!arguments.contains("P07"), "nothing identifying beyond the app's name: \(arguments)")
    }
}
