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
    /// Owns the database and every table and applies the migrations; the server never logs in as it.
    public static let migrationRole = "soundsafari_migrate"
    /// The server's login role (`serve`'s `--database-url`): a member of `serverRole` and nothing else.
    public static let loginRole = "soundsafari"

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

    /// Sets a database up as docs/SERVER.md's "The database's roles" says, signed in as PostgreSQL's superuser (`url`'s
    /// user; `make server` and the Debian package's postinst run it): the three roles, the database `url` names owned
    /// by `migrationRole` (one `loginRole` owned, as both made it before the roles were split, is handed over), no
    /// CREATE on its schema for anyone else, and its migrations applied as `migrationRole`, which then grants
    /// `serverRole` its rights. Every step looks first, so running it again changes nothing. Returns what it did, a
    /// sentence each.
    public static func setUp(_ url: DatabaseURL, logger: Logger) async throws -> [String] {
        let setUpWait = Duration.seconds(30)
        var done: [String] = []
        // An administrator's one-off, run by the package right after PostgreSQL starts: it may wait longer than a request.
        let handOver = try await StudyDatabase.with(
            url.with(database: "postgres"), logger: logger, leaseWait: setUpWait
        ) {
            database -> ([String], Bool) in
            try await database.withConnection { connection -> ([String], Bool) in
                let superuser = try await connection.query(
                    "SELECT rolsuper FROM pg_roles WHERE rolname = current_user", logger: logger
                ).collect().one("the signed-in role").decode(Bool.self)
                guard superuser else {
                    throw StudyDatabase.Refusal(
                        description:
                            "The role \(url.user) may not set the database up: give PostgreSQL's superuser in --database-url (postgres://postgres@/\(url.database)?host=/var/run/postgresql, run as the postgres system user)."
                    )
                }
                var done: [String] = []
                for (role, login) in [(migrationRole, true), (serverRole, false), (loginRole, true)] {
                    let exists = try await connection.query(
                        "SELECT count(*) > 0 FROM pg_roles WHERE rolname = \(role)", logger: logger
                    ).collect().one("whether the role exists").decode(Bool.self)
                    guard !exists else { continue }
                    // The names are this file's constants: no text from outside enters the statement.
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "CREATE ROLE \(role) \(login ? "LOGIN" : "NOLOGIN")"), logger: logger)
                    done.append("Created the role \(role).")
                }
                let member = try await connection.query(
                    "SELECT pg_has_role(\(loginRole)::name, \(serverRole)::name, 'MEMBER')", logger: logger
                ).collect().one("the login role's membership").decode(Bool.self)
                if !member {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "GRANT \(serverRole) TO \(loginRole)"), logger: logger)
                    done.append("Made \(loginRole) a member of \(serverRole).")
                }
                let owner = try await connection.query(
                    "SELECT pg_get_userbyid(datdba)::text FROM pg_database WHERE datname = \(url.database)",
                    logger: logger
                ).collect().first?.decode(String.self)
                let name = try await connection.query("SELECT quote_ident(\(url.database))", logger: logger).collect()
                    .one("the database's quoted name").decode(String.self)
                switch owner {
                case nil:
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) OWNER \(migrationRole)"), logger: logger)
                    done.append("Created the database \(url.database), owned by \(migrationRole).")
                case .some(migrationRole), .some(loginRole):
                    break
                case let other?:
                    throw StudyDatabase.Refusal(
                        description:
                            "The database \(url.database) belongs to the role \(other), not \(migrationRole): hand it over (REASSIGN OWNED BY \(other) TO \(migrationRole), in that database) or name a new one."
                    )
                }
                return (done, owner == loginRole)
            }
        }
        done += handOver.0
        done += try await StudyDatabase.with(url, logger: logger, leaseWait: setUpWait) { database -> [String] in
            var done: [String] = try await database.withConnection { connection -> [String] in
                var done: [String] = []
                if handOver.1 {
                    // Made before the roles were split: the server's login role owned everything, audit included.
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "REASSIGN OWNED BY \(loginRole) TO \(migrationRole)"), logger: logger)
                    done.append(
                        "Handed the database \(url.database) and its tables from \(loginRole) to \(migrationRole).")
                }
                // PostgreSQL before 15 let every role create tables in the schema public.
                let mayCreate = try await connection.query(
                    "SELECT has_schema_privilege(\(loginRole)::name, 'public', 'CREATE')", logger: logger
                ).collect().one("the login role's rights on the schema").decode(Bool.self)
                if mayCreate {
                    try await connection.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC", logger: logger)
                    done.append("Revoked CREATE on the schema public from every role but its owner.")
                }
                return done
            }
            let applied = try await Migrations.apply(on: database, as: migrationRole, logger: logger)
            if !applied.isEmpty { done.append("Applied, as \(migrationRole): \(applied.joined(separator: "; ")).") }
            return done
        }
        return done
    }
}
