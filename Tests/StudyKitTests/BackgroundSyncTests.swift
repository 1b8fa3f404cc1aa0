// The background sync after a session: started detached and at once, one at a time, asked-for syncs never lost.
import Foundation
import Testing

@testable import StudyKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct BackgroundSyncTests {
    /// A config folder with (or without) an enrolment, as the environment the commands see.
    func environment(_ folder: borrowing TemporaryFolder, enrolled: Bool) throws -> [String: String] {
        let environment = ["XDG_CONFIG_HOME": folder.url.path, "HOME": folder.url.path]
        if enrolled {
            try SyncSettings(server: "http://127.0.0.1:9", token: "ssd_x", device: "d", site: "lab").save(
                environment: environment)
        }
        return environment
    }

    @Test func aMachineNotEnrolledStartsNothing() throws {
        let folder = try TemporaryFolder()
        let marker = folder.file("ran")
        let program = try script(in: folder, body: "touch '\(marker.path)'")
        let environment = try self.environment(folder, enrolled: false)
        #expect(BackgroundSync.start(logs: folder.url, executable: program, environment: environment) == nil)
        usleep(300_000)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }

    @Test func startReturnsAtOnceAndTheSyncRunsInASessionOfItsOwn() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("args")
        // The child writes its arguments and session id, then waits on a file the test removes.
        let gate = folder.file("gate")
        _ = FileManager.default.createFile(atPath: gate.path, contents: nil)
        let program = try script(
            in: folder,
            body: """
                echo "$@" > '\(out.path).tmp'; cut -d' ' -f6 /proc/$$/stat >> '\(out.path).tmp'; mv '\(out.path).tmp' '\(out.path)'
                while [ -e '\(gate.path)' ]; do sleep 0.05; done
                """)
        let environment = try self.environment(folder, enrolled: true)
        #expect(BackgroundSync.start(logs: folder.file("Logs"), executable: program, environment: environment) == nil)
        // Still running (held by the gate) while start has returned: the game never waits for the sync.
        let lines = try waitForLines(of: out)
        unlink(gate.path)
        #expect(lines.first == "sync --background --logs \(folder.file("Logs").path)")
        #expect(lines.count == 2 && Int32(lines[1]) != getsid(0), "the child keeps the terminal's session: \(lines)")
    }

    @Test func aSyncAskedForWhileOneRunsIsRunAfterIt() throws {
        let folder = try TemporaryFolder()
        let environment = try self.environment(folder, enrolled: true)
        var runs = 0
        try BackgroundSync.runAsBackground(environment: environment) {
            runs += 1
            if runs == 1 {
                // A second session ends during the first sync: its sync finds the lock held and leaves it to us.
                var nestedRan = false
                try BackgroundSync.runAsBackground(environment: environment) {
                    nestedRan = true
                    return "nested"
                }
                #expect(!nestedRan)
            }
            return "Synced run \(runs)."
        }
        #expect(runs == 2)
        #expect(BackgroundSync.lastOutcome(environment: environment)?.sentence == "Synced run 2.")
        #expect(!FileManager.default.fileExists(atPath: BackgroundSync.againURL(environment: environment).path))
    }

    @Test func aFailureIsLoggedAndShownOnceAtTheNextStart() throws {
        let folder = try TemporaryFolder()
        let environment = try self.environment(folder, enrolled: true)
        struct Unreachable: Error, CustomStringConvertible {
            var description: String { "The server http://127.0.0.1:9 cannot be reached.\tTry later." }
        }
        try BackgroundSync.runAsBackground(environment: environment) { throw Unreachable() }
        let last = try #require(BackgroundSync.lastOutcome(environment: environment))
        #expect(last.failed && last.sentence == "The server http://127.0.0.1:9 cannot be reached. Try later.")
        let log = BackgroundSync.logURL(environment: environment)
        var status = stat()
        #expect(stat(log.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let program = try script(in: folder, body: "true")
        let line = BackgroundSync.start(logs: folder.url, executable: program, environment: environment)
        #expect(line?.hasPrefix("The last background sync (") == true)
        #expect(line?.contains("cannot be reached") == true)
    }

    @Test func aMissingProgramIsOneSentence() throws {
        let folder = try TemporaryFolder()
        let environment = try self.environment(folder, enrolled: true)
        let line = BackgroundSync.start(
            logs: folder.url, executable: folder.file("no-such-program"), environment: environment)
        #expect(
            line
                == "No background sync: \(folder.file("no-such-program").path) is not an executable; run soundsafari sync by hand."
        )
    }

    private func script(in folder: borrowing TemporaryFolder, body: String) throws -> URL {
        let url = folder.file("fake-soundsafari")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o755)
        return url
    }

    /// The lines of a file the child writes by rename, once it appears (a state, not a time, is waited for).
    private func waitForLines(of url: URL) throws -> [String] {
        for _ in 0..<400 {
            if let data = FileManager.default.contents(atPath: url.path) {
                return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            }
            usleep(25_000)
        }
        Issue.record("the background program never ran")
        return []
    }
}
