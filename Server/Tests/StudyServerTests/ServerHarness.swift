// Each test's server: the same buildApplication as `serve`, on a fresh database of the run's cluster, driven in process.
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StudyServer

/// One answer of the API, its body parsed when it is JSON.
struct Reply: Sendable {
    var status: Int
    var contentType: String
    var text: String
    var requestID: String?
    var headers: HTTPFields = [:]

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
    var detail: String { json["detail"] as? String ?? "" }
}

struct Harness: Sendable {
    let client: any TestClientProtocol
    let database: StudyDatabase
    let url: DatabaseURL

    func call(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil) async throws
        -> Reply
    {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        return try await client.execute(
            uri: path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }
        ) { response in
            Reply(
                status: Int(response.status.code), contentType: response.headers[.contentType] ?? "",
                text: String(buffer: response.body), requestID: response.headers[.requestID], headers: response.headers)
        }
    }

    /// Signs in and returns the bearer token.
    func login(_ name: String, _ password: String) async throws -> String {
        let reply = try await call(.post, "/api/v1/login", json: #"{"name":"\#(name)","password":"\#(password)"}"#)
        try #require(reply.status == 200, "login of \(name): \(reply.text)")
        return try #require(reply.json["token"] as? String)
    }

    /// Enrols a new machine of `site` and returns its token and id.
    func enrolDevice(site: String, name: String = "lab-1") async throws -> (token: String, id: String) {
        let (code, _) = try await database.devices.enrolmentCode(site: site, by: ("test", "admin"))
        let reply = try await call(.post, "/api/v1/enrol", json: #"{"code":"\#(code)","name":"\#(name)"}"#)
        try #require(reply.status == 201, "enrolment: \(reply.text)")
        let device = try #require(reply.json["device"] as? [String: Any])
        return (try #require(reply.json["token"] as? String), try #require(device["id"] as? String))
    }
}

let testPassword = "correct horse battery"

/// How long the tests' servers and clients wait for a database connection. The product's 2 s (a stopped database
/// answers 503 at once) is too short for a CI machine shared with other builds: there a new connection to the
/// tests' cluster took longer, and 30 tests failed with "cannot be reached" while the database was up.
let testDatabaseWait: Duration = .seconds(60)

/// Runs `body` against a server on a new database (or `database`), with the rate limits given; `live` serves real HTTP
/// on a free port of 127.0.0.1 (`client.port`) for programs outside the test. `databaseWait` is the server's wait
/// for a connection (the product's 2 s where a test is about the database being away).
func withServer(
    loginAttempts: Int = 10, enrolmentAttempts: Int = 30, live: Bool = false, database: DatabaseURL? = nil,
    catalogs: URL? = nil, databaseWait: Duration = testDatabaseWait, _ body: @Sendable (Harness) async throws -> Void
) async throws {
    let url: DatabaseURL
    if let database { url = database } else { url = try await TestCluster.shared.value.freshDatabase() }
    var configuration = ServerConfiguration(
        port: 0, database: url, loginAttempts: loginAttempts, enrolmentAttempts: enrolmentAttempts,
        databaseWait: databaseWait)
    // The checkout's catalogs compiled for the test (TestCatalogs), else none: pages in English whatever is asked.
    configuration.catalogs = catalogs ?? FileManager.default.temporaryDirectory.appendingPathComponent("no-catalogs")
    var logger = Logger(label: "test-server")
    logger.logLevel = .error
    let quiet = logger
    let app = try await buildApplication(configuration, logger: quiet, bcryptCost: 4)
    try await app.test(live ? .live : .router) { client in
        try await StudyDatabase.with(url, logger: quiet, bcryptCost: 4, leaseWait: testDatabaseWait) { database in
            try await body(Harness(client: client, database: database, url: url))
        }
    }
}
