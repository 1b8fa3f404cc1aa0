// Running programs from the tests (PostgreSQL's tools, the game's `soundsafari`) with posix_spawn and waitpid.
import Foundation
import Glibc

/// Foundation's Process may never see a child exit inside a test run, and a pipe would stay open as long as
/// any grandchild (the postgres pg_ctl starts) holds it: so posix_spawn, waitpid, and output into a file.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `argv` with `environment` (nil: this process's), its stdout and stderr into `output`. `defaultSignals`:
    /// the child starts with no signal blocked and SIGTERM and SIGINT at their defaults (the test process's may be
    /// blocked, inherited), so that a server's graceful shutdown on SIGTERM can be tried.
    static func start(
        _ argv: [String], environment: [String: String]? = nil, output: URL, defaultSignals: Bool = false
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if defaultSignals {
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGTERM)
            sigaddset(&defaults, SIGINT)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        }
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var cEnvironment = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in cEnvironment ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let spawned =
            cEnvironment == nil
            ? posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
            : posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment!)
        guard spawned == 0 else {
            throw Failure(description: "\(argv[0]) could not be started: \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Waits for `pid` to end; its wait status (0: exited with 0).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    /// Waits for `pid` at most `seconds`, then kills it: its wait status, or nil when it had to be killed (it hung).
    static func wait(_ pid: pid_t, seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid { return status }
            if ended == -1 && errno != EINTR { return status }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = wait(pid)
        return nil
    }

    /// `argv` run on a thread of its own for at most `seconds`: its wait status (nil: killed, it did not end) and
    /// everything it wrote.
    static func runOffPool(_ argv: [String], seconds: Double) async throws -> (status: Int32?, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
                            "soundsafari-test-\(UUID()).out")
                        defer { try? FileManager.default.removeItem(at: output) }
                        let status = wait(try start(argv, output: output), seconds: seconds)
                        return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
                    })
            }
        }
    }

    /// `run` waited for on a thread of its own: a test that waits for a child talking to an in-process server must
    /// not block a thread of Swift's pool (two on two cores), which that server and other tests' servers run on.
    static func runOffPool(_ argv: [String], environment: [String: String]? = nil) async throws -> (
        status: Int32, output: String
    ) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(argv, environment: environment) })
            }
        }
    }

    /// Runs `argv` to its end: its wait status and everything it wrote.
    static func run(_ argv: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-test-\(UUID()).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = wait(try start(argv, environment: environment, output: output))
        return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
