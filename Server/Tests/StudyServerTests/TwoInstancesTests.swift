// Two server instances on one database: a session opened on one is valid on the other, and each sees the other's writes.
import Foundation
import HummingbirdTesting
import Logging
import Testing

@testable import StudyServer

@Suite struct TwoInstancesTests {
    @Test func twoInstancesOnOneDatabaseShareSessionsAndData() async throws {
        try await withServer { first in
            try await first.database.sites.addSite("north")
            _ = try await first.database.accounts.addUser(name: "root", role: .admin, sites: [], password: testPassword)
            let token = try await first.login("root", testPassword)
            let device = try await first.enrolDevice(site: "north")
            let logger = {
                var logger = Logger(label: "second")
                logger.logLevel = .error
                return logger
            }()
            let app = try await buildApplication(
                ServerConfiguration(database: first.url, databaseWait: testDatabaseWait), logger: logger, bcryptCost: 4)
            try await app.test(.router) { client in
                let second = Harness(client: client, database: first.database, url: first.url)
                // The web session opened on the first instance is known to the second (it lives in PostgreSQL).
                #expect(try await second.call(.get, "/api/v1/me", token: token).status == 200)
                let sent = try await second.call(
                    .post, "/api/v1/sync/batch", token: device.token,
                    json: try SyncTests.participantsBatch(["P01", "P02"], first: 1))
                #expect(sent.json["stored"] as? Int == 2, "\(sent.text)")
                // What the second stored, the first reports; a resend to the first stores nothing.
                let state = try await first.call(.get, "/api/v1/sync/state", token: device.token)
                #expect((state.json["files"] as? [[String: Any]])?.first?["held"] as? Int == 2)
                let again = try await first.call(
                    .post, "/api/v1/sync/batch", token: device.token,
                    json: try SyncTests.participantsBatch(["P01", "P02"], first: 1))
                #expect(again.json["stored"] as? Int == 0 && again.json["unchanged"] as? Int == 2)
                // A revocation through one is refused by the other at once.
                #expect(try await first.call(.post, "/api/v1/devices/\(device.id)/revoke", token: token).status == 200)
                #expect(try await second.call(.get, "/api/v1/sync/state", token: device.token).status == 401)
            }
        }
    }
}
