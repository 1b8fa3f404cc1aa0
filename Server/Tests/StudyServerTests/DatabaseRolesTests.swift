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
        try await StudyDatabase.with(migration, logger: Self.quiet, leaseWait: testDatabaseWait) {
            _ = try await $0.migrate()
        }
        return (migration, cluster.url(database: name, user: login))
    }

    static let quiet: Logger = {
        var logger = Logger(label: "test-roles")
        logger.logLevel = .critical
        return logger
    }()

    @Test func theServersRoleServesButCannotTouchAnAuditRowAndAppliesNoMigration() async throws {
        let (_, server) = try await Self.splitDatabase()
        try await StudyDatabase.with(server, logger: Self.quiet, bcryptCost: 4, leaseWait: testDatabaseWait) {
            database in
            #expect(try await database.migrate().isEmpty, "nothing missing: no DDL, nothing refused")
            try await database.sites.addSite("north")
            _ = try await database.accounts.addUser(name: "root", role: .admin, sites: [], password: testPassword)
            let rows = try await database.auditTrail.auditRows()
            #expect(rows.count == 2)
            try await Self.expectTheAuditIsOutOfReach(database)
        }
    }

    /// Every way an owner has to remove or change an audit row, tried with `database`'s role: each refused for lack
    /// of privilege, and the rows are as they were.
    static func expectTheAuditIsOutOfReach(_ database: StudyDatabase) async throws {
        let rows = try await database.auditTrail.auditRows()
        for statement in [
            "DELETE FROM audit", "UPDATE audit SET actor = 'x'", "TRUNCATE audit",
            "ALTER TABLE audit DISABLE TRIGGER ALL", "ALTER TABLE audit DISABLE TRIGGER audit_append_only",
            "DROP TABLE audit CASCADE", "ALTER TABLE audit OWNER TO CURRENT_USER", "DELETE FROM audit WHERE id = 1",
            "DROP FUNCTION audit_is_append_only() CASCADE", "CREATE TABLE audit_copy (id int)",
            "DROP TRIGGER audit_append_only ON audit", "GRANT soundsafari_migrate TO CURRENT_USER",
            "SET ROLE soundsafari_migrate",
        ] {
            await #expect(throws: (any Error).self, "\(statement)") {
                try await database.execute(PostgresQuery(unsafeSQL: statement))
            }
        }
        #expect(try await database.auditTrail.auditRows() == rows)
    }

    /// The roles owning what a set-up database holds: the database, every table and function of the schema.
    static func owners(_ url: DatabaseURL) async throws -> Set<String> {
        try await StudyDatabase.with(url, logger: Self.quiet, leaseWait: testDatabaseWait) { database in
            Set(
                try await database.rows(
                    """
                    SELECT pg_get_userbyid(datdba)::text FROM pg_database WHERE datname = current_database()
                    UNION SELECT tableowner::text FROM pg_tables WHERE schemaname = 'public'
                    UNION SELECT pg_get_userbyid(proowner)::text FROM pg_proc
                    WHERE pronamespace = 'public'::regnamespace
                    """
                ).map { try $0.decode(String.self) })
        }
    }

    /// `set-up` as PostgreSQL's superuser, on a cluster of the test's own (the roles' names are the deployed ones):
    /// the roles and the database, owned with every table by the migration role, the server's login serving but out
    /// of the audit's reach; run again it changes nothing; a database the login role owned (as `make server` and the
    /// package made it before) is handed over with its audit rows; a database name that needs quoting; a login that
    /// is no superuser, and a database another role owns, each refused in a sentence; the command line does the same.
    @Test func setUpMakesTheRolesMigratesAndHandsAnOldDatabaseOver() async throws {
        let cluster = try await TestCluster.own()
        let superuser = cluster.url(database: "soundsafari", user: "postgres")
        let done = try await DatabaseRoles.setUp(superuser, logger: Self.quiet)
        #expect(
            Array(done.prefix(4)) == [
                "Created the role soundsafari_migrate.", "Created the role soundsafari_server.",
                "Created the role soundsafari.", "Made soundsafari a member of soundsafari_server.",
            ], "\(done)")
        #expect(done.contains("Created the database soundsafari, owned by soundsafari_migrate."), "\(done)")
        #expect(done.last?.hasPrefix("Applied, as soundsafari_migrate: 1 ") == true, "\(done)")
        #expect(try await DatabaseRoles.setUp(superuser, logger: Self.quiet) == [], "nothing twice")
        #expect(try await Self.owners(superuser) == ["soundsafari_migrate"])
        let login = cluster.url(database: "soundsafari", user: DatabaseRoles.loginRole)
        try await withServer(database: login) { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let admin = try await server.login("root", testPassword)
            let site = try await server.call(.post, "/api/v1/sites", token: admin, json: #"{"name":"north"}"#)
            #expect(site.status == 201, "\(site.text)")
            try await Self.expectTheAuditIsOutOfReach(server.database)
        }

        // Before the roles were split: the login role owned the database and migrated it, so it owned the audit table.
        try cluster.psql("CREATE DATABASE old_layout OWNER soundsafari")
        let old = cluster.url(database: "old_layout", user: DatabaseRoles.loginRole)
        try await StudyDatabase.with(old, logger: Self.quiet, bcryptCost: 4, leaseWait: testDatabaseWait) { database in
            try await database.migrate()
            try await database.sites.addSite("north")
        }
        #expect(try await Self.owners(old) == ["soundsafari"])
        let handed = try await DatabaseRoles.setUp(
            cluster.url(database: "old_layout", user: "postgres"), logger: Self.quiet)
        #expect(
            handed == ["Handed the database old_layout and its tables from soundsafari to soundsafari_migrate."],
            "\(handed)")
        #expect(try await Self.owners(old) == ["soundsafari_migrate"])
        try await StudyDatabase.with(old, logger: Self.quiet, bcryptCost: 4, leaseWait: testDatabaseWait) { database in
            #expect(try await database.auditTrail.auditRows().map(\.action) == ["site.add"])
            try await database.sites.addSite("south")
            try await Self.expectTheAuditIsOutOfReach(database)
        }

        let quoted = cluster.url(database: "study-2", user: "postgres")
        #expect(
            try await DatabaseRoles.setUp(quoted, logger: Self.quiet).contains(
                "Created the database study-2, owned by soundsafari_migrate."))
        #expect(try await Self.owners(quoted) == ["soundsafari_migrate"])

        await #expect(throws: StudyDatabase.Refusal.self) {
            try await DatabaseRoles.setUp(cluster.url(database: "soundsafari", user: "soundsafari"), logger: Self.quiet)
        }
        try cluster.psql("CREATE DATABASE foreign_owner OWNER postgres")
        do {
            _ = try await DatabaseRoles.setUp(
                cluster.url(database: "foreign_owner", user: "postgres"), logger: Self.quiet)
            Issue.record("a database of another role was taken")
        } catch let refusal as StudyDatabase.Refusal {
            #expect(refusal.description.contains("belongs to the role postgres"), "\(refusal)")
        }

        let binary = try DatabaseAwayTests.binary()
        let cli = cluster.url(database: "from_cli", user: "postgres")
        let (status, output) = try await Spawn.runOffPool(
            [binary.path, "set-up", "--database-url", cli.description], seconds: 120)
        #expect(status == 0 && output.contains("Created the database from_cli"), "\(output)")
        let again = try await Spawn.runOffPool(
            [binary.path, "set-up", "--database-url", cli.description], seconds: 120)
        #expect(again.status == 0 && again.output.contains("nothing changed"), "\(again.output)")
        let refused = try await Spawn.runOffPool(
            [
                binary.path, "set-up", "--database-url",
                cluster.url(database: "from_cli", user: "soundsafari").description,
            ],
            seconds: 120)
        #expect(refused.status != 0 && refused.output.contains("superuser"), "\(refused.output)")
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
            #expect(try await server.database.auditTrail.auditRows(action: "participant.delete").count == 1)
        }
    }

    /// A database lacking a migration, met by the server's role: one sentence saying to migrate with the migration
    /// role, nothing half-applied.
    @Test func theServersRoleMeetingAMissingMigrationSaysWhoMustApplyIt() async throws {
        let (migration, server) = try await Self.splitDatabase()
        try await StudyDatabase.with(migration, logger: Self.quiet, leaseWait: testDatabaseWait) { database in
            try await database.execute("DELETE FROM schema_migrations WHERE version = \(Migrations.all.last!.version)")
        }
        try await StudyDatabase.with(server, logger: Self.quiet, leaseWait: testDatabaseWait) { database in
            await #expect(throws: DatabaseRoles.NotMigrated.self) { try await database.migrate() }
        }
    }
}
