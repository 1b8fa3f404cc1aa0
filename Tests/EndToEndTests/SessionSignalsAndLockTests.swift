// Signals end a session in order, a session has one writing process, and a full disk is reported — run as a user would.
import Foundation
import GameCore
import StudyKit
import StudyRecords
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A realtime `simulate` running in the background, watched until it has logged rows.
private final class RunningSession {
    let logs: URL
    let process = Process()
    let errors = Pipe()

    init(_ label: String, rounds: Int = 8) throws {
        logs = try SoundSafariBinary.temporaryDirectory(label)
        process.executableURL = SoundSafariBinary.url()
        process.arguments = [
            "simulate", "--mode", "one-target", "--rounds", "\(rounds)", "--bot", "ideal", "--seed", "5",
            "--realtime", "--logs", logs.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        // A supervisor's note beside the session folders sorts after them (as ratings.csv or profile.json
        // would): the watch must still find the session.
        let participant = logs.appendingPathComponent("SIM01")
        try FileManager.default.createDirectory(
            at: participant, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data("seen in the waiting room\n".utf8).write(to: participant.appendingPathComponent("notes.txt"))
        try process.run()
    }

    /// Waits (up to 60 s on the real clock) until `rows` rows are on disk; the session folder.
    func waitForRows(_ rows: Int) throws -> URL? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            // Looked up without #require: the folder not existing yet is no failure while waiting.
            let parent = logs.appendingPathComponent("SIM01")
            // The newest session folder by its name; any other file in the participant's folder is no session.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
            if let newest = names.compactMap(SessionID.init(folderName:)).max(),
                case let folder = parent.appendingPathComponent(newest.value),
                ((try? TrialRow.readAll(from: folder.appendingPathComponent("trials.csv")).count) ?? 0) >= rows
            {
                return folder
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    func stop(_ signal: Int32) -> String {
        kill(process.processIdentifier, signal)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: logs)
    }
}

@Suite(.serialized) struct SessionSignalsAndLockTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalFinishesTheRowMarksTheSessionInterruptedAndExitsNonZero(signal: Int32) throws {
        let run = try RunningSession("signal")
        let folder = try #require(try run.waitForRows(1))
        let stderr = run.stop(signal)
        #expect(run.process.terminationReason == .exit, "ended by its own exit, not killed by the signal")
        #expect(run.process.terminationStatus == 128 + signal)
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? ""
        #expect(stderr.contains("Stopped by \(name)"), "\(stderr)")
        let record = try SessionRecord.read(folder.appendingPathComponent("session.json"))
        #expect(record.completed == false)
        #expect(record.endedAt != nil)
        #expect(record.interruptions.map(\.signal) == [name])
        #expect(record.interruptions.first?.at == record.endedAt)
        let text = try String(contentsOf: folder.appendingPathComponent("trials.csv"), encoding: .utf8)
        #expect(text.hasSuffix("\n"), "no row cut in half")

        let resumed = try SoundSafariBinary.run(["simulate", "--resume", "--bot", "ideal", "--logs", run.logs.path])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let rows = try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))
        #expect(rows.map(\.round) == Array(1...8))
    }

    /// The window's loop stops the same way: `play` (and a `train` plan session, which exited 1) under the
    /// autopilot, SIGTERM on the round-result screen.
    @Test(
        .needsDisplay,
        arguments: ["play", "train"])
    func aSignalEndsAWindowSessionInterruptedToo(command: String) throws {
        let logs = try SoundSafariBinary.temporaryDirectory("signal-window")
        defer { try? FileManager.default.removeItem(at: logs) }
        let script = logs.appendingPathComponent("autopilot.txt")
        let skipRatings = Array(repeating: ["wait next", "key Down", "key Down", "key Return"], count: 7).flatMap { $0 }
        let start =
            command == "play"
            ? ["wait menu", "key Return", "wait headphone-check", "key Left", "key Right"]
            : ["wait headphone-check", "key Left", "key Right", "wait ratings-before"] + skipRatings
        // A sleep, not a wait: the window stays open until the test sends its signal.
        try (start + ["wait running", "key Space", "wait round-result", "sleep 60000"])
            .joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = SoundSafariBinary.url("soundsafari-autopilot")
        let plan = SoundSafariBinary.packageRoot.appendingPathComponent("Examples/training-plan.json").path
        process.arguments =
            ["--script", script.path, "--", command, "--participant", "SIG01", "--input", "keyboard"]
            + (command == "play" ? ["--rounds", "3"] : ["--plan", plan])
            + ["--logs", logs.appendingPathComponent("logs").path]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_AUDIODRIVER"] = "dummy"
        process.environment = environment
        process.currentDirectoryURL = SoundSafariBinary.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let parent = logs.appendingPathComponent("logs/SIG01")
        var folder: URL?
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning, folder == nil {
            Thread.sleep(forTimeInterval: 0.1)
            if let name = (try? FileManager.default.contentsOfDirectory(atPath: parent.path))?.first(where: {
                !$0.contains(".")
            }),
                case let candidate = parent.appendingPathComponent(name),
                ((try? TrialRow.readAll(from: candidate.appendingPathComponent("trials.csv")).count) ?? 0) == 1
            {
                folder = candidate
            }
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let session = try #require(folder)
        #expect(process.terminationStatus == 128 + SIGTERM)
        let record = try SessionRecord.read(session.appendingPathComponent("session.json"))
        #expect(record.interruptions.map(\.signal) == ["SIGTERM"])
        #expect(record.endedAt != nil)
        #expect(record.completed == false)
    }

    @Test func aResumeWhileTheSessionRunsIsRefusedNamingTheProcessAndWritesNothing() throws {
        let run = try RunningSession("lock", rounds: 30)
        let folder = try #require(try run.waitForRows(1))
        let second = try SoundSafariBinary.run(["simulate", "--resume", "--bot", "ideal", "--logs", run.logs.path])
        #expect(second.status != 0)
        #expect(second.stderr.contains("in use by process \(run.process.processIdentifier)"), "\(second.stderr)")
        #expect(try SessionRecord.read(folder.appendingPathComponent("session.json")).resumedAt.isEmpty)
        _ = run.stop(SIGTERM)
        let rows = try TrialRow.readAll(from: folder.appendingPathComponent("trials.csv"))
        #expect(Set(rows.map(\.round)).count == rows.count, "no round logged twice")
    }

    @Test func sessionFilesAndFoldersAreOwnerOnly() throws {
        let logs = try SoundSafariBinary.temporaryDirectory("modes")
        defer { try? FileManager.default.removeItem(at: logs) }
        let inner = logs.appendingPathComponent("StudyLogs")
        let written = try SimulateRun.run(["--mode", "one-target", "--rounds", "1", "--seed", "3"], logs: inner)
        func mode(_ url: URL) -> mode_t {
            var status = stat()
            return stat(url.path, &status) == 0 ? status.st_mode & 0o777 : 0
        }
        #expect(mode(inner) == 0o700)
        #expect(mode(inner.appendingPathComponent("participants.csv")) == 0o600)
        #expect(mode(written.sessionFolder) == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: written.sessionFolder.path) {
            #expect(mode(written.sessionFolder.appendingPathComponent(name)) == 0o600, "\(name)")
        }
    }

    /// A 96 KiB tmpfs fills up during the session. Needs root to mount; skipped otherwise.
    @Test(.needsRoot)
    func aFullDiskIsReportedWhenItHappensAndLeavesNoEmptyPicture() throws {
        let disk = try SoundSafariBinary.temporaryDirectory("full-disk")
        defer { try? FileManager.default.removeItem(at: disk) }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=96k", "tmpfs", disk.path]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "mount failed (no tmpfs here?)")
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [disk.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        let result = try SoundSafariBinary.run([
            "simulate", "--mode", "two-targets", "--rounds", "10", "--seed", "4", "--logs", disk.path,
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("the disk is full"), "\(result.stderr)")
        let folder = try SimulateRun.sessionFolder(in: disk)
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        #expect(!pictures.isEmpty)
        for name in pictures {
            #expect(SimulateRun.isPNG(folder.appendingPathComponent(name)), "\(name) is a whole picture")
        }
    }
}
