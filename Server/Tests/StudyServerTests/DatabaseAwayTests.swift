// With its database away the server answers 503 with Retry-After, and the command line says so and
// exits non-zero, where both waited for the pool's minute-long circuit breaker.
import Foundation
import Glibc
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Testing

@testable import StudyServer

@Suite struct DatabaseAwayTests {
    /// A database URL whose socket folder holds no server: what a stopped PostgreSQL looks like to a client.
    static func nowhere() throws -> (url: DatabaseURL, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-nodb-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (try DatabaseURL("postgres://soundsafari@/soundsafari?host=\(folder.path)"), folder)
    }

    @Test func everyRouteAnswers503WithRetryAfterWhenTheDatabaseIsAway() async throws {
        let (url, folder) = try Self.nowhere()
        defer { try? FileManager.default.removeItem(at: folder) }
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        let database = StudyDatabase(client: client, logger: logger, bcryptCost: 4)
        let configuration = ServerConfiguration(port: 0, database: url, loginAttempts: 10, enrolmentAttempts: 30)
        var app = Application(
            router: buildRouter(
                repositories: .postgres(database), configuration: configuration, pages: try WebPages.load().pages),
            logger: logger)
        app.addServices(client)
        try await app.test(.router) { client in
            for (method, path, headers, body) in [
                (HTTPRequest.Method.get, "/api/v1/health", HTTPFields(), nil),
                (.get, "/api/v1/sync/state", [.authorization: "Bearer ssd_abc"], nil),
                (.post, "/api/v1/login", [.contentType: "application/json"], #"{"name":"root","password":"x"}"#),
            ] as [(HTTPRequest.Method, String, HTTPFields, String?)] {
                try await client.execute(
                    uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
                ) { response in
                    #expect(response.status == .serviceUnavailable, "\(path): \(response.status)")
                    #expect(response.headers[.retryAfter] == "5", "\(path)")
                    #expect(response.headers[.contentType] == "application/problem+json")
                    #expect(String(buffer: response.body).contains("cannot reach its database"))
                }
            }
        }
    }

    /// `soundsafari-server site list` (and a command that migrates first) against no database: one sentence, exit 1.
    @Test(arguments: [["site", "list"], ["site", "add", "north"], ["audit"]])
    func theCommandLineSaysTheDatabaseCannotBeReachedAndFails(arguments: [String]) async throws {
        let (url, folder) = try Self.nowhere()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/soundsafari-server")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path), "build the package first: \(binary.path)")
        let (status, output) = try await Spawn.runOffPool(
            [binary.path] + arguments + ["--database-url", url.description])
        #expect(status != 0)
        // One sentence (`audit` prints its header line first, on stdout).
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("Error:") }.count == 1, "\(output)")
        #expect(output.contains("cannot be reached") && output.contains("start PostgreSQL"), "\(output)")
    }

    /// The server's binary, built beside the tests.
    static func binary() throws -> URL {
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/soundsafari-server")
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path), "build the package first: \(binary.path)")
        return binary
    }

    /// A real PostgreSQL stopped under a running server (`pg_ctl stop`, as an administrator or a crash does): the API,
    /// a device's sync and the dashboard answer 503 with Retry-After within the lease's seconds, a batch sent meanwhile
    /// stores nothing, the command line fails in one sentence; once PostgreSQL is back the same server serves again.
    @Test func aDatabaseStoppedUnderTheServerIs503UntilItIsBack() async throws {
        let cluster = try await TestCluster.own()
        let url = try await cluster.freshDatabase()
        let binary = try Self.binary()
        try await withServer(database: url, databaseWait: StudyDatabase.leaseTimeout) { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let token = try await server.login("root", testPassword)
            let browser = FormClient(server)
            try await browser.signIn("root", testPassword)
            #expect(try await browser.send(.get, "/").status == 200)
            let session = try SyncBoundaryTests.session("20261126T014050Z-aa00", "P07")
            let batch = try SyncTests.body(
                file: "\(session.folder)/trials.csv", kind: "trials", header: SyncBoundaryTests.header, first: 1,
                items: session.trials)

            try cluster.stop()
            let requests: [(HTTPRequest.Method, String, String?, String?)] = [
                (.get, "/api/v1/health", nil, nil), (.get, "/api/v1/sync/state", device.token, nil),
                (.post, "/api/v1/sync/batch", device.token, batch), (.get, "/api/v1/sites", token, nil),
                (.post, "/api/v1/login", nil, #"{"name":"root","password":"x"}"#),
            ]
            for (method, path, bearer, body) in requests {
                let started = ContinuousClock.now
                let reply = try await server.call(method, path, token: bearer, json: body)
                let waited = ContinuousClock.now - started
                ProblemTests.expectProblem(reply, 503, mentions: "cannot reach its database")
                #expect(reply.headers[.retryAfter] == "5", "\(path)")
                // A bound against the pool's minute-long wait, not a speed figure: the lease gives up after 2 s, but in
                // a full test run other tests' blocking psql calls can hold both of Swift's threads for seconds (seen:
                // 17 s once under 19 suites at once; 2–3 s alone).
                #expect(waited < .seconds(40), "\(path) waited \(waited)")
            }
            let page = try await browser.send(.get, "/")
            #expect(page.status == 503 && page.headers[.retryAfter] == "5", "\(page.status) \(page.html.prefix(300))")
            #expect(page.html.contains("cannot reach its database"))
            let (status, output) = try await Spawn.runOffPool(
                [binary.path, "site", "list", "--database-url", url.description], seconds: 60)
            #expect(status != nil && status != 0, "\(output)")
            #expect(output.contains("cannot be reached") && output.contains("start PostgreSQL"), "\(output)")

            try cluster.restart()
            // Served again without a restart of the server (the pool reconnects; polled, as a proxy's check does).
            let restarted = ContinuousClock.now
            var health = 0
            for _ in 0..<60 where health != 200 {
                health = try await server.call(.get, "/api/v1/health").status
                if health != 200 { try await Task.sleep(for: .milliseconds(500)) }
            }
            #expect(health == 200)
            print("database-away: served again \(ContinuousClock.now - restarted) after PostgreSQL was back")
            let stored = try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: batch)
            #expect(stored.status == 200, "\(stored.text)")
            // The test's own pool lost its connections with the restart too, and reconnects as the server's did: on a
            // loaded machine its first read waited past its 2 s lease once (CI), so it is polled like health.
            var held: Int?
            for _ in 0..<60 where held == nil {
                held = try? await SyncBoundaryTests.held(server)
                if held == nil { try await Task.sleep(for: .milliseconds(500)) }
            }
            #expect(held == 1 + session.trials.count)
            #expect(try await browser.send(.get, "/").status == 200)
        }
    }

    /// `soundsafari-server --version` says the checkout's VERSION (the game's string too), needing no database.
    @Test func theVersionIsTheCheckoutsVERSION() async throws {
        let version = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("VERSION"),
            encoding: .utf8
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let (status, output) = try await Spawn.runOffPool([try Self.binary().path, "--version"], seconds: 60)
        #expect(status == 0, "\(output)")
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == version, "\(output)")
    }

    /// A listener that takes the connection and never answers (a firewall's half-open port, a hung PostgreSQL): the
    /// command line still ends within its seconds, saying so, instead of waiting for ever.
    @Test(arguments: [["site", "list"], ["migrate"], ["user", "list"]])
    func aDatabaseThatNeverAnswersEndsTheCommandLine(arguments: [String]) async throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let (status, output) = try await Spawn.runOffPool(
            [try Self.binary().path] + arguments + [
                "--database-url", "postgres://soundsafari@127.0.0.1:\(port)/soundsafari",
            ],
            seconds: 60)
        #expect(status != nil, "still running after a minute: \(output)")
        #expect(status != 0, "\(output)")
        #expect(output.split(separator: "\n").filter { $0.hasPrefix("Error:") }.count == 1, "\(output)")
        #expect(output.contains("cannot be reached"), "\(output)")
    }
}
