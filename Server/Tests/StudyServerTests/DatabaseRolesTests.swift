// The two roles of docs/SERVER.md: a migration role owns every table; the server's login role serves every route but
// cannot remove or change an audit row by any means, triggers included.
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import StudyServer

@Suite struct DatabaseRolesTests {
    /// A database set up as `make server` sets one up: owned by a migration role and migrated by it, served by a login
    /// role of `DatabaseRoles.serverRole`. Returns the two URLs.
    static func splitDatabase() async throws -> (migration: DatabaseURL, server: DatabaseURL) {
        let cluster = try await TestCluster.shared.value
        let n = cluster.counter.next()
        let (owner, login, name) = ("mig_\(n)", "srv_\(n)", "roles_\(ProcessInfo.processInfo.processIdentifier)_\(n)")
        try cluster.psql(
            """
            DO $$ BEGIN
              IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(DatabaseRoles.serverRole)') THEN
                CREATE ROLE \(DatabaseRoles.serverRole) NOLOGIN;
              END IF;
            END $$
            """)
        try cluster.psql("CREATE ROLE \(owner) LOGIN")
        try cluster.psql("CREATE ROLE \(login) LOGIN IN ROLE \(DatabaseRoles.serverRole)")
        try cluster.psql("CREATE DATABASE \(name) OWNER \(owner)")
        let migration = cluster.url(database: name, user: owner)
        try await StudyDatabase.with(migration, logger: Self.quiet) { _ = try await $0.migrate() }
        return (migration, cluster.url(database: name, user: login))
    }

    static let quiet: Logger = {
        var logger = Logger(label: "test-roles")
        logger.logLevel = .critical
        return logger
    }()

    @Test func theServersRoleServesButCannotTouchAnAuditRowAndAppliesNoMigration() async throws {
        let (_, server) = try await Self.splitDatabase()
        try await StudyDatabase.with(server, logger: Self.quiet, bcryptCost: 4) { database in
            #expect(try await database.migrate().isEmpty, "nothing missing: no DDL, nothing refused")
            try await database.addSite("north")
            _ = try await database.addUser(name: "root", role: .admin, sites: [], password: testPassword)
            let rows = try await database.auditRows()
            #expect(rows.count == 2)
            // Every way the owner had: each refused for lack of privilege, and the rows are as they were.
            for statement in [
                "DELETE FROM audit", "UPDATE audit SET actor = 'x'", "TRUNCATE audit",
                "ALTER TABLE audit DISABLE TRIGGER ALL", "ALTER TABLE audit DISABLE TRIGGER audit_append_only",
                "DROP TABLE audit CASCADE", "ALTER TABLE audit OWNER TO CURRENT_USER", "DELETE FROM audit WHERE id = 1",
                "DROP FUNCTION audit_is_append_only() CASCADE", "CREATE TABLE audit_copy (id int)",
                "DROP TRIGGER audit_append_only ON audit",
            ] {
                await #expect(throws: (any Error).self, "\(statement)") {
                    try await database.execute(PostgresQuery(unsafeSQL: statement))
                }
            }
            #expect(try await database.auditRows() == rows)
        }
    }

    /// The server built on the server's role: a machine enrols and syncs, an admin deletes a participant and exports;
    /// every route that writes works with the rights granted (a missing grant would be a 500).
    @Test func theWholeServerRunsOnTheServersRole() async throws {
        let (_, url) = try await Self.splitDatabase()
        try await withServer(database: url) { server in
            let (north, _) = try await ParticipantDataTests.study(server)
            let admin = try await server.login("root", testPassword)
            let deleted = try await server.call(.delete, "/api/v1/sites/north/participants/P07", token: admin)
            #expect(deleted.status == 200, "\(deleted.text)")
            let export = try await server.call(.get, "/api/v1/export?format=csv&file=trials.csv", token: admin)
            #expect(export.status == 200, "\(export.text.prefix(300))")
            let state = try await server.call(.get, "/api/v1/sync/state", token: north.token)
            #expect(state.json["deleted"] as? [String] == ["P07"])
            #expect(try await server.database.auditRows(action: "participant.delete").count == 1)
        }
    }

    /// A database lacking a migration, met by the server's role: one sentence saying to migrate with the migration
    /// role, nothing half-applied.
    @Test func theServersRoleMeetingAMissingMigrationSaysWhoMustApplyIt() async throws {
        let (migration, server) = try await Self.splitDatabase()
        try await StudyDatabase.with(migration, logger: Self.quiet) { database in
            try await database.execute("DELETE FROM schema_migrations WHERE version = \(Migrations.all.last!.version)")
        }
        try await StudyDatabase.with(server, logger: Self.quiet) { database in
            await #expect(throws: DatabaseRoles.NotMigrated.self) { try await database.migrate() }
        }
    }
}
