// Runs `play`/`study` in a real X11 window (an Xvfb of the run's own) through the test driver `soundsafari-autopilot`.
import Foundation

/// One run of the game window for a test: the built binary, SDL's X11 video driver, the dummy audio
/// driver, an autopilot script of key presses, and a screenshot of every screen saved under
/// `artifacts/<name>/` at the package root (kept for people to look at after the test).
final class WindowSession: @unchecked Sendable {
    let name: String
    let logs: URL
    let screenshots: URL

    init(name: String) throws {
        self.name = name
        logs = try SoundSafariBinary.temporaryDirectory("window-\(name)")
        screenshots = SoundSafariBinary.packageRoot.appendingPathComponent("artifacts/\(name)")
        try? FileManager.default.removeItem(at: screenshots)
    }

    /// The logs go with the test; the screenshots stay in artifacts/ for people to look at.
    deinit { try? FileManager.default.removeItem(at: logs) }

    /// Runs the binary with `arguments` (plus `--logs`), the script given as lines; kills it after `timeout` s.
    /// With `killAtShot`, the game is killed (SIGKILL, as a crash or power cut would) as soon as the script's
    /// screenshot of that name exists. `driverFlags` go to `soundsafari-autopilot` (e.g. `--threads-left yes`).
    ///
    /// Each run has an X server of its own (`WindowDisplay`), so window tests run side by side without taking the
    /// keyboard focus from each other; `WindowSlots` lets a few run at once. The waiting is done on a thread of
    /// its own, so a window that waits for its game holds none of Swift's few cooperative threads.
    func run(
        _ arguments: [String], script: [String], timeout: Double = 300,
        windowSize: String? = nil, environment: [String: String] = [:], killAtShot: String? = nil,
        driverFlags: [String] = []
    ) async throws -> CommandOutput {
        await WindowSlots.shared.acquire()
        defer { Task { await WindowSlots.shared.release() } }
        return try await Self.offPool {
            try self.runBlocking(
                arguments, script: script, timeout: timeout, windowSize: windowSize,
                environment: environment, killAtShot: killAtShot, driverFlags: driverFlags)
        }
    }

    /// Runs `body` on a thread of its own and waits for it without holding one of Swift's cooperative threads
    /// (there are as many as cores: two on CI, shared by every test running at the time).
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<T, any Error>, Never>) in
            Thread { continuation.resume(returning: Result { try body() }) }.start()
        }
        return try result.get()
    }

    private func runBlocking(
        _ arguments: [String], script: [String], timeout: Double,
        windowSize: String?, environment: [String: String], killAtShot: String?, driverFlags: [String]
    ) throws -> CommandOutput {
        let scriptURL = logs.appendingPathComponent("autopilot.txt")
        try script.joined(separator: "\n").write(to: scriptURL, atomically: true, encoding: .utf8)
        let display = try WindowDisplay.start()
        defer { display.stop() }
        let process = Process()
        var env = ProcessInfo.processInfo.environment
        env["SDL_AUDIODRIVER"] = "dummy"
        env["SDL_VIDEODRIVER"] = "x11"
        env["DISPLAY"] = display.name
        // The tests read English unless they ask for another language: the developer's own LANG must not change them.
        env["LANGUAGE"] = "en"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = SoundSafariBinary.packageRoot
        // The test driver: the same commands as `soundsafari`, plus scripted input and screenshots.
        var hooks = ["--script", scriptURL.path, "--screenshots", screenshots.path]
        if let windowSize { hooks += ["--window-size", windowSize] }
        hooks += driverFlags
        process.executableURL = SoundSafariBinary.url("soundsafari-autopilot")
        process.arguments = hooks + ["--"] + arguments + ["--logs", logs.path]
        let outFile = logs.appendingPathComponent("stdout.txt")
        let errFile = logs.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outFile)
        process.standardError = try FileHandle(forWritingTo: errFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            if let killAtShot, screenshotNames().contains(where: { $0.hasSuffix("-" + killAtShot) }) {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        return CommandOutput(
            status: timedOut ? -1 : process.terminationStatus,
            stdout: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
            stderr: timedOut ? "timed out after \(Int(timeout)) s\n" + stderr : stderr)
    }

    /// The participant's session folders, oldest first.
    func sessionFolders(participant: String) throws -> [URL] {
        let folder = logs.appendingPathComponent(participant)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.hasDirectoryPath }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// trials.csv's data lines (header excluded); fields contain no newlines in these tests.
    func trialLines(in session: URL) throws -> [String] {
        let text = try String(contentsOf: session.appendingPathComponent("trials.csv"), encoding: .utf8)
        return Array(text.split(separator: "\n").dropFirst().map(String.init))
    }

    func sessionJSON(in session: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: session.appendingPathComponent("session.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Names of the screenshots taken, e.g. ["01-menu", "02-headphone-check", ...].
    func screenshotNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: screenshots.path)) ?? [])
            .filter { $0.hasSuffix(".png") }.sorted().map { String($0.dropLast(4)) }
    }

    /// The file of one screenshot of this run, by the name the script gave it (`shot NAME`).
    func screenshotURL(_ name: String) throws -> URL {
        guard let file = screenshotNames().first(where: { $0.hasSuffix("-" + name) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return screenshots.appendingPathComponent(file + ".png")
    }

    /// The bytes of one screenshot of this run, by the name the script gave it.
    func screenshot(_ name: String) throws -> Data { try Data(contentsOf: try screenshotURL(name)) }

    /// What one screenshot's screen said: the texts drawn on it, one per line (saved beside the PNG).
    func screenText(_ name: String) throws -> String {
        try String(
            contentsOf: try screenshotURL(name).deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)
    }

    /// The texts of every screenshot of this run, by screenshot name.
    func allScreenTexts() -> [(name: String, text: String)] {
        screenshotNames().compactMap { name in
            let url = screenshots.appendingPathComponent(name + ".txt")
            return (try? String(contentsOf: url, encoding: .utf8)).map { (name, $0) }
        }
    }

    /// The screen part of screenshot names ("01-menu" → "menu").
    func screensShown() -> [String] {
        screenshotNames().map { String($0.drop { $0 != "-" }.dropFirst()) }
    }
}
