// The database's two roles: a migration role owns every table, the server logs in with only the rights it uses.
import Logging
import PostgresNIO

/// The audit trail is append-only against anyone the server's credentials can become: its table is owned by a
/// migration role the server does not log in as (only an owner can `ALTER TABLE … DISABLE TRIGGER`), and the server's
/// login role is a member of `serverRole`, which may read and write every table but only read and append the audit
/// trail. docs/SERVER.md ("The database's roles") says how to set them up; `make server` does.
public enum DatabaseRoles {
    /// The group role the server's login role belongs to (NOLOGIN).
    public static let serverRole = "soundsafari_server"

    /// The server's role met a database that lacks migrations, which only the migration role may apply.
    public struct NotMigrated: Error, CustomStringConvertible {
        public var missing: [Int]
        public var description: String {
            "The database lacks migration\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) and this role may not apply them: run soundsafari-server migrate with the migration role's --database-url first (docs/SERVER.md, The database's roles)."
        }
    }

    /// Grants `serverRole` what the server does, when the database has such a role and the migrating role owns the
    /// audit table; run by every `migrate`, after the migrations (so a new table is covered, and a database set up
    /// before is brought to it). Without `serverRole` (a single-role database, the tests' own) it does nothing.
    static func grant(on connection: PostgresConnection, logger: Logger) async throws {
        let applies = try await connection.query(
            """
            SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = \(serverRole))
              AND pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'audit'::regclass), 'USAGE')
            """, logger: logger
        ).collect().one("the role's rights").decode(Bool.self)
        guard applies else { return }
        for statement in [
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(serverRole)",
            "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO \(serverRole)",
            "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO \(serverRole)",
            "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO \(serverRole)",
            // Read and append only; the triggers of migration 1 refuse the rest even to the owner.
            "REVOKE UPDATE, DELETE, TRUNCATE ON audit FROM \(serverRole)",
        ] {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
    }
}
