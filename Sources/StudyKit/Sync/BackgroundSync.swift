// Sync after a session or an answer without the game waiting: a detached `soundsafari sync --background`, one at a time.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

/// When this machine is enrolled, `play`, `study`, `train` and `rate` start `soundsafari sync --background` (after
/// each photo, each session, and when the window closes) as a
/// process of its own session (it outlives the window and a Ctrl-C in the terminal) and go on at once. Only one
/// sync runs at a time (`sync.lock` in the config folder); a sync asked for while one runs leaves `sync.again`,
/// and the running one syncs once more before it ends, so the newest rows always go up. Each background sync
/// appends one line to `sync.log` (owner-only): when it ended, `ok` or `failed`, and its sentence. A failure is
/// shown once, at the next start, and retried by it.
public enum BackgroundSync {
    /// `sync.lock`, `sync.again` and `sync.log` in `<config>/soundsafari/`.
    public static func lockURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigHome.soundSafari(environment: environment).appendingPathComponent("sync.lock")
    }
    static func againURL(environment: [String: String]) -> URL {
        ConfigHome.soundSafari(environment: environment).appendingPathComponent("sync.again")
    }
    public static func logURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigHome.soundSafari(environment: environment).appendingPathComponent("sync.log")
    }

    /// glibc's POSIX_SPAWN_SETSID (spawn.h, since 2.26), which Swift's Glibc module leaves out (it is _GNU_SOURCE).
    private static let posixSpawnSetSID: Int16 = 0x80

    /// The processes started here and not yet reaped (a long window session may start several).
    nonisolated(unsafe) private static var started: [pid_t] = []
    private static let startedLock = NSLock()

    /// Starts a background sync of `logs` when the machine is enrolled; returns at once. Returns the sentence to
    /// show when the previous background sync failed (it is retried now), nil otherwise. `executable` is the
    /// `soundsafari` binary (default: the one beside the running program).
    @discardableResult
    public static func start(
        logs: URL, executable: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        guard FileManager.default.fileExists(atPath: SyncSettings.url(environment: environment).path) else {
            return nil
        }
        reapFinished()
        let previous = lastOutcome(environment: environment).flatMap { $0.failed ? $0 : nil }
        let program = executable ?? beside(name: "soundsafari")
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            return "No background sync: \(program.path) is not an executable; run soundsafari sync by hand."
        }
        let arguments = [program.path, "sync", "--background", "--logs", logs.path]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: the terminal's Ctrl-C or hang-up after the game ends does not stop the upload.
        posix_spawnattr_setflags(&attributes, posixSpawnSetSID)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let code = posix_spawn(&pid, program.path, &actions, &attributes, cArguments, environ)
        guard code == 0 else {
            return
                "No background sync: \(program.path) could not be started (\(String(cString: strerror(code)))); run soundsafari sync by hand."
        }
        startedLock.withLock { started.append(pid) }
        return previous.map { "The last background sync (\($0.time)) failed: \($0.sentence) It is tried again now." }
    }

    /// Runs `sync` as the background mode does: returns at once when another sync holds the lock (leaving
    /// `sync.again` for it), otherwise syncs, and again while `sync.again` appears meanwhile; each outcome is a
    /// line of `sync.log`. `sync` returns the summary sentence or throws the failure.
    public static func runAsBackground(
        environment: [String: String] = ProcessInfo.processInfo.environment, now: () -> Date = Date.init,
        sync: () throws -> String
    ) throws {
        try OwnerOnlyFolder.createWithParents(ConfigHome.soundSafari(environment: environment))
        let again = againURL(environment: environment)
        /// One sync under the lock; nil when another holds it. The lock is let go when this returns.
        func once() throws -> Bool? {
            guard let lock = try FileLock.tryAcquire(lockURL(environment: environment)) else {
                // The holder looks for this file after letting the lock go: it syncs again.
                _ = FileManager.default.createFile(
                    atPath: again.path, contents: nil, attributes: [.posixPermissions: 0o600])
                return nil
            }
            defer { withExtendedLifetime(lock) {} }
            unlink(again.path)
            do {
                try record(ok: true, sentence: try sync(), at: now(), environment: environment)
                return true
            } catch {
                try record(ok: false, sentence: "\(error)", at: now(), environment: environment)
                return false
            }
        }
        // A failure is not retried at once (the server is likely still unreachable); the next start retries.
        while try once() == true, FileManager.default.fileExists(atPath: again.path) {}
    }

    /// The last line of `sync.log`, if any.
    public static func lastOutcome(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (time: String, failed: Bool, sentence: String)?
    {
        guard let data = FileManager.default.contents(atPath: logURL(environment: environment).path),
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last
        else { return nil }
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        return (String(fields[0]), fields[1] == "failed", String(fields[2]))
    }

    private static func record(ok: Bool, sentence: String, at time: Date, environment: [String: String]) throws {
        let url = logURL(environment: environment)
        let (file, _) = try AppendOnlyFile.openOrCreate(url)
        let flat = sentence.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        try file.append("\(Timestamp.format(time))\t\(ok ? "ok" : "failed")\t\(flat)\n")
    }

    private static func reapFinished() {
        startedLock.withLock {
            started.removeAll { pid in
                var status: Int32 = 0
                return waitpid(pid, &status, WNOHANG) == pid
            }
        }
    }

    /// A program in the running program's folder (`/proc/self/exe`: the real path, whatever the working folder).
    static func beside(name: String) -> URL {
        let running =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent(name)
    }
}
