// The server's own binary serving on a port of 127.0.0.1, as `soundsafari-server serve` runs in production: a process
// of its own, so that it can be killed and started again, and its memory read from /proc.
import Foundation
import Glibc
import HTTPTypes
import HummingbirdTesting
import NIOCore

@testable import StudyServer

final class ServerProcess: Sendable {
    let pid: pid_t
    let port: Int
    let output: URL

    private init(pid: pid_t, port: Int, output: URL) {
        self.pid = pid
        self.port = port
        self.output = output
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `soundsafari-server serve` on a free port against `database` and waits until its health route answers.
    static func start(database: DatabaseURL) async throws -> ServerProcess {
        let port = try WebDriver.freePort()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-serve-\(port).log")
        let pid = try Spawn.start(
            [
                try DatabaseAwayTests.binary().path, "serve", "--database-url", database.description, "--port",
                String(port), "--database-wait", String(testDatabaseWait.components.seconds),
            ], output: output, defaultSignals: true)
        let server = ServerProcess(pid: pid, port: port, output: output)
        for _ in 0..<600 {
            if let reply = try? await server.call(.get, "/api/v1/health"), reply.status == 200 { return server }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                throw Failure(description: "the server ended before it served (\(status)): \(server.log)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        await server.stop(signal: SIGKILL)
        throw Failure(description: "the server did not answer its health route within 30 s: \(server.log)")
    }

    var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// One request on a connection of its own (a machine's sync opens one per batch, too).
    func call(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil) async throws
        -> Reply
    {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        let request = TestClient.Request(
            path, method: method, authority: "127.0.0.1:\(port)", headers: headers,
            body: json.map { ByteBuffer(string: $0) })
        let response = try await TestClient.withClient(
            host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(60))
        ) { try await $0.execute(request) }
        return Reply(
            status: Int(response.status.code), contentType: response.headers[.contentType] ?? "",
            text: response.body.map { String(buffer: $0) } ?? "", requestID: response.headers[.requestID],
            headers: response.headers)
    }

    /// Its resident memory now (VmRSS), in KiB; nil once it has ended.
    var residentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    }

    /// Sends `signal` and waits (off Swift's pool) for the process to end: SIGTERM is `systemctl stop`, the server's
    /// graceful shutdown; SIGKILL a crash or a power cut. Its wait status; nil when it had to be killed after 30 s.
    @discardableResult
    func stop(signal: Int32) async -> Int32? {
        kill(pid, signal)
        let pid = self.pid
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Spawn.wait(pid, seconds: 30)) }
        }
    }
}
