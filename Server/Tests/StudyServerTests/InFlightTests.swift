// A device revoked, or its row gone, while its batch is in flight: that request is answered (the batch it was let in
// with, or a 500 problem naming the request), and the server serves the next one; a missing row never traps.
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import StudyRecords
import Synchronization
import Testing

@testable import StudyServer

@Suite struct InFlightTests {
    /// Runs `meanwhile` while a batch of `device` waits for the site's lock (held here, as a participant's deletion
    /// holds it), then lets the batch go and returns its answer.
    static func batchHeldAtTheSiteLock(
        _ server: Harness, site: String, token: String, meanwhile: @Sendable () async throws -> Void
    ) async throws -> Reply {
        let siteID = try #require(try await server.database.sites.siteID(site))
        let batch = try SyncTests.participantsBatch(["P01", "P02"], first: 1)
        return try await server.database.withConnection { lock in
            try await lock.query("SELECT pg_advisory_lock(2407, \(siteID)::int)", logger: server.database.logger)
            async let reply = server.call(.post, "/api/v1/sync/batch", token: token, json: batch)
            // Until the batch's transaction waits for the lock.
            var waiting = false
            for _ in 0..<500 where !waiting {
                waiting = try await server.database.rows(
                    """
                    SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
                      WHERE d.datname = current_database() AND l.locktype = 'advisory' AND l.classid = 2407
                        AND l.objid::bigint = \(siteID) AND NOT l.granted)
                    """
                ).one("the lock's waiters").decode(Bool.self)
                if !waiting { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(waiting, "the batch never reached the site's lock")
            try await meanwhile()
            try await lock.query("SELECT pg_advisory_unlock(2407, \(siteID)::int)", logger: server.database.logger)
            return try await reply
        }
    }

    @Test func aDeviceRevokedWhileItsBatchIsInFlightIsAnsweredAndRefusedAfter() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let other = try await server.enrolDevice(site: "north", name: "lab-2")
            let id = try #require(UUID(uuidString: device.id))
            let reply = try await Self.batchHeldAtTheSiteLock(server, site: "north", token: device.token) {
                let revoked = try await server.database.devices.revoke(device: id, by: ("test", "admin"))
                #expect(revoked)
            }
            // It was let in before the revocation, so it is stored, as one sent a moment earlier would be.
            #expect(reply.status == 200 && reply.json["stored"] as? Int == 2, "\(reply.text)")
            ProblemTests.expectProblem(
                try await server.call(
                    .post, "/api/v1/sync/batch", token: device.token,
                    json: try SyncTests.participantsBatch(["P03"], first: 3)), 401, mentions: "revoked")
            let next = try await server.call(
                .post, "/api/v1/sync/batch", token: other.token,
                json: try SyncTests.participantsBatch(["P01"], first: 1))
            #expect(next.status == 200, "\(next.text)")
            #expect(try await server.call(.get, "/api/v1/health").status == 200)
        }
    }

    @Test func aDeviceWhoseRowGoesWhileItsBatchIsInFlightGetsA500AndTheServerServesOn() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let other = try await server.enrolDevice(site: "north", name: "lab-2")
            let id = try #require(UUID(uuidString: device.id))
            let reply = try await Self.batchHeldAtTheSiteLock(server, site: "north", token: device.token) {
                // What no route does (a device is revoked, never deleted): an administrator's hand in psql.
                try await server.database.execute("UPDATE enrolment_codes SET device_id = NULL WHERE device_id = \(id)")
                try await server.database.execute("DELETE FROM devices WHERE id = \(id)")
            }
            ProblemTests.expectProblem(reply, 500, mentions: "request id")
            let next = try await server.call(
                .post, "/api/v1/sync/batch", token: other.token,
                json: try SyncTests.participantsBatch(["P01"], first: 1))
            #expect(next.status == 200, "\(next.text)")
            #expect(try await server.call(.get, "/api/v1/health").status == 200)
        }
    }

    /// The device's row goes between its batch being let in (its token resolved) and the batch's transaction: the
    /// first statement of ingest finds no row, the request is answered 500 naming its id (where `.first!` trapped
    /// and took the server down), and the next request is served.
    @Test func aBatchWhoseDeviceRowIsGoneIsA500NamingTheRequest() async throws {
        let url = try await TestCluster.shared.value.freshDatabase()
        let log = CapturedLog()
        let logger = Logger(label: "in-flight", factory: { _ in log.handler })
        let configuration = ServerConfiguration(
            port: 0, database: url, loginAttempts: 10, enrolmentAttempts: 30, databaseWait: testDatabaseWait)
        try await StudyDatabase.with(url, logger: logger, bcryptCost: 4, leaseWait: testDatabaseWait) { database in
            try await database.sites.addSite("north")
            func enrol(_ name: String) async throws -> (device: Device, token: String) {
                let (code, _) = try await database.devices.enrolmentCode(site: "north", by: ("test", "admin"))
                let outcome = try await database.devices.enrol(code: code, name: name, requestID: nil)
                guard case .enrolled(let device, let token) = outcome else {
                    throw MissingRow(statement: "the enrolment of \(name)", requestID: nil)
                }
                return (device, token)
            }
            let (gone, goneToken) = try await enrol("lab-1")
            let (_, otherToken) = try await enrol("lab-2")
            let sessions = VanishingDevice(
                real: PostgresSessions(database: database), database: database, vanishing: gone.id)
            var repositories = Repositories.postgres(database)
            repositories.sessions = sessions
            let app = Application(
                router: buildRouter(
                    repositories: repositories, configuration: configuration, pages: try WebPages.load().pages),
                logger: logger)
            try await app.test(.router) { client in
                let server = Harness(client: client, database: database, url: url)
                let batch = try SyncTests.participantsBatch(["P01"], first: 1)
                let reply = try await server.call(.post, "/api/v1/sync/batch", token: goneToken, json: batch)
                ProblemTests.expectProblem(reply, 500, mentions: "request id")
                // The log names the statement and the request, as the error carried them.
                let id = try #require(reply.requestID)
                #expect(
                    log.lines.contains { $0.contains("no row to the device's site (request \(id))") }, "\(log.lines)")
                let next = try await server.call(.post, "/api/v1/sync/batch", token: otherToken, json: batch)
                #expect(next.status == 200, "\(next.text)")
                #expect(try await server.call(.get, "/api/v1/health").status == 200)
            }
        }
    }

    /// Where a statement that always answers a row answers none (the device's row gone before its batch's
    /// transaction began), ingest throws `MissingRow` naming the request, which ProblemMiddleware answers as a 500.
    @Test func aMissingRowIsAnErrorNamingTheRequestNotATrap() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let gone = Device(id: UUID(), site: "north", name: "gone", enrolledAt: Date(), revokedAt: nil)
            let batch = try SyncTests.participantsBatch(["P01"], first: 1)
            let (decoded, path) = try SyncRoutes.validate(
                try JSONDecoder().decode(SyncBatch.self, from: Data(batch.utf8)))
            await #expect(throws: MissingRow(statement: "the device's site", requestID: "req-gone")) {
                try await RequestID.$current.withValue("req-gone") {
                    try await PostgresIngest(database: server.database).store(
                        device: gone, path: path, kind: "participants", header: nil, first: 1,
                        items: [], decoded: decoded, requestID: "req-gone")
                }
            }
        }
    }
}

/// PostgreSQL's sessions, except that the device `vanishing` loses its row once its token is resolved: what an
/// administrator's hand in psql could do between a batch being let in and its transaction.
struct VanishingDevice: SessionsRepository {
    let real: PostgresSessions
    let database: StudyDatabase
    let vanishing: UUID

    func identity(token: String) async throws -> Identity? {
        let identity = try await real.identity(token: token)
        if case .device(let device) = identity, device.id == vanishing {
            try await database.execute(
                "UPDATE enrolment_codes SET device_id = NULL WHERE device_id = \(vanishing)")
            try await database.execute("DELETE FROM devices WHERE id = \(vanishing)")
        }
        return identity
    }

    func webSession(token: String) async throws -> WebSession? { try await real.webSession(token: token) }
    func openSession(for account: Account, hours: Int) async throws -> String {
        try await real.openSession(for: account, hours: hours)
    }
    func closeSession(token: String) async throws { try await real.closeSession(token: token) }
}

/// The lines a logger wrote, with their metadata, for a test to read.
final class CapturedLog: Sendable {
    private let captured = Mutex<[String]>([])
    var lines: [String] { captured.withLock { $0 } }

    var handler: Handler { Handler(log: self) }

    struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let pairs = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let text = "\(event.level) \(event.message) \(pairs.joined(separator: " "))"
            log.captured.withLock { $0.append(text) }
        }
    }
}
