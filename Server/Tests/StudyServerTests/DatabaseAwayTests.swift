// With its database away the server answers 503 with Retry-After, and the command line says so and
// exits non-zero, where both waited for the pool's minute-long circuit breaker.
import Foundation
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
            router: buildRouter(database: database, configuration: configuration, pages: try WebPages.load()),
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
}
