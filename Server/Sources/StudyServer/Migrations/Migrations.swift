// The schema as numbered, additive migrations, one file each beside this one: applied in order at start and by
// `migrate`, never destructive.
import Logging
import PostgresNIO

struct Migration: Sendable {
    var version: Int
    var name: String
    /// One statement per element (the extended protocol runs one at a time); all of a migration in one transaction.
    var statements: [String]
    /// Swift run after the statements, in the same transaction (filling new tables from what is held already).
    var backfill: (@Sendable (PostgresConnection, Logger) async throws -> Void)? = nil
}

enum Migrations {
    /// Every migration in the order it is applied. Append only: a released migration is never edited, removed or
    /// reordered (deployed databases hold their numbers); a new need is a new file with the next version.
    /// The numbers have gaps (1–9 the API's, 20 the dashboard's first, 60 onwards) that stay as they are.
    static let all: [Migration] = [
        .v001AccountsSitesDevicesAudit,
        .v002SyncFilesAndItems,
        .v003Prescriptions,
        .v004Projections,
        .v005HearingProfiles,
        .v006QuestionnairesAndDiary,
        .v007ParticipantDeletion,
        .v008TrialsSkipped,
        .v009TrackerAndPictures,
        .v020DisabledAccounts,
        .v060SessionSummaries,
        .v061LastSyncIndex,
        .v062ParticipantSummaries,
        .v063LastSyncOnDeviceRow,
        .v064SessionSummaryPlanAndSkipped,
        .v065SessionOwners,
        .v066RatingsLanguage,
        .v067TrialsStimulus,
        .v068Messages,
        .v069RatingsAmbientLevel,
        .v070AccountLanguage,
        .v071HRTFChoices,
        .v072SiteAbout,
        .v073PrescriptionsSharedMachines,
        .v074Instruments,
        .v075QuestionnaireLinks,
        .v080SitesTimeZone,
        .v081PrescriptionsQuestionnaire,
        .v082TrialsHRTFChecksIndex,
        .v085MachineParticipants,
    ]

    /// Applies the migrations the database lacks, each in its own transaction, all under one advisory lock so that
    /// several instances starting at once apply each migration once. Returns the names it applied.
    /// `role`: applied as that role (`SET ROLE`), for a login that may become the migration role but is not it (the
    /// PostgreSQL superuser of `set-up`, through peer authentication), so what they make belongs to that role.
    static func apply(on database: StudyDatabase, as role: String? = nil, logger: Logger) async throws -> [String] {
        try await database.withConnection { connection in
            if let role {
                try await connection.query("SELECT set_config('role', \(role), false)", logger: logger)
            }
            try await connection.query("SELECT pg_advisory_lock(7240124)", logger: logger)
            do {
                let applied = try await apply(on: connection, logger: logger)
                try await connection.query("SELECT pg_advisory_unlock(7240124)", logger: logger)
                if role != nil { try await connection.query("RESET ROLE", logger: logger) }
                return applied
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(7240124)", logger: logger)
                _ = try? await connection.query("RESET ROLE", logger: logger)
                throw error
            }
        }
    }

    private static func apply(on connection: PostgresConnection, logger: Logger) async throws -> [String] {
        // Read first, created only when missing: the server's role (DatabaseRoles) may not create anything, and
        // CREATE … IF NOT EXISTS checks that right before it looks.
        let (exists, mayCreate) = try await connection.query(
            "SELECT to_regclass('schema_migrations') IS NOT NULL, has_schema_privilege('public', 'CREATE')",
            logger: logger
        ).collect().one("whether schema_migrations exists").decode((Bool, Bool).self)
        let done =
            exists
            ? Set(
                try await connection.query("SELECT version FROM schema_migrations", logger: logger).collect()
                    .map { try $0.decode(Int.self) }) : []
        let missing = all.filter { !done.contains($0.version) }
        if !missing.isEmpty, !mayCreate {
            throw DatabaseRoles.NotMigrated(missing: missing.map(\.version))
        }
        if !exists {
            try await connection.query(
                """
                CREATE TABLE schema_migrations (version int PRIMARY KEY, name text NOT NULL,
                  applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
        }
        var applied: [String] = []
        for migration in all where !done.contains(migration.version) {
            try await connection.withTransaction(logger: logger) { connection in
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await migration.backfill?(connection, logger)
                try await connection.query(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                    logger: logger)
            }
            applied.append("\(migration.version) \(migration.name)")
        }
        try await DatabaseRoles.grant(on: connection, logger: logger)
        return applied
    }
}
