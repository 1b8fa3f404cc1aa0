// The schema as numbered, additive migrations: applied in order at start and by `migrate`, never destructive.
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
    /// Every migration: the API's (below 20) and the dashboard's (from 20, in StudyDatabase+Dashboard.swift; from 60 in
    /// StudyDatabase+ParticipantsTable.swift; from 62 in StudyDatabase+Summaries.swift), then ingest's (63, below: it
    /// replaces migration 61's index, so it comes after it), a participant's page's (64) and the sessions' owners (65).
    static let all: [Migration] =
        api + dashboard + dashboardTable + participantSummaries + ingest + participantPage
        + sessionOwners

    /// Append only: a released migration is never edited, removed or reordered; a new need is a new version.
    static let api: [Migration] = [
        Migration(
            version: 1, name: "accounts, sites, devices, sessions, rate limits, audit",
            statements: [
                """
                CREATE TABLE sites (id serial PRIMARY KEY,
                  name text NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
                  created_at timestamptz NOT NULL DEFAULT now())
                """,
                """
                CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL UNIQUE,
                  role text NOT NULL CHECK (role IN ('admin', 'supervisor', 'researcher')),
                  password_hash text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
                """,
                """
                CREATE TABLE user_sites (user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
                  site_id int NOT NULL REFERENCES sites, PRIMARY KEY (user_id, site_id))
                """,
                """
                CREATE TABLE web_sessions (token_hash text PRIMARY KEY,
                  user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
                  created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL)
                """,
                """
                CREATE TABLE devices (id uuid PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
                  name text NOT NULL, token_hash text NOT NULL UNIQUE,
                  enrolled_at timestamptz NOT NULL DEFAULT now(), revoked_at timestamptz)
                """,
                """
                CREATE TABLE enrolment_codes (code_hash text PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
                  created_by text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
                  expires_at timestamptz NOT NULL, used_at timestamptz, device_id uuid REFERENCES devices)
                """,
                """
                CREATE TABLE rate_limits (bucket text NOT NULL, window_start timestamptz NOT NULL,
                  hits int NOT NULL, PRIMARY KEY (bucket, window_start))
                """,
                """
                CREATE TABLE audit (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp(),
                  actor text NOT NULL, role text NOT NULL, action text NOT NULL, site text, participant text,
                  before jsonb, after jsonb, request_id text)
                """,
                """
                CREATE FUNCTION audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'the audit table is append-only'; END $$
                """,
                """
                CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
                  FOR EACH ROW EXECUTE FUNCTION audit_is_append_only()
                """,
                """
                CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
                  FOR EACH STATEMENT EXECUTE FUNCTION audit_is_append_only()
                """,
                // The server's own role keeps INSERT and SELECT only (the triggers hold even for a superuser).
                "REVOKE UPDATE, DELETE, TRUNCATE ON audit FROM CURRENT_USER",
            ]),
        Migration(
            version: 2, name: "synced log files and their items",
            statements: [
                // One row per log file of a device (its path in the logs folder); a CSV file's header once.
                """
                CREATE TABLE sync_files (device_id uuid NOT NULL REFERENCES devices, file text NOT NULL,
                  kind text NOT NULL CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan')),
                  header text, PRIMARY KEY (device_id, file))
                """,
                // Item n of a file: its n-th CSV record, or its n-th distinct state (session.json). Never updated.
                """
                CREATE TABLE sync_items (device_id uuid NOT NULL, file text NOT NULL, item int NOT NULL CHECK (item > 0),
                  content text NOT NULL, sha256 text NOT NULL, received_at timestamptz NOT NULL DEFAULT now(),
                  PRIMARY KEY (device_id, file, item), FOREIGN KEY (device_id, file) REFERENCES sync_files)
                """,
            ]),
        Migration(
            version: 3, name: "prescriptions (training plans) for a site's participants",
            statements: [
                // Never updated: a new plan for a participant is a new row, written on the machine as a new version.
                """
                CREATE TABLE prescriptions (id bigserial PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
                  participant text NOT NULL, kind text NOT NULL CHECK (kind IN ('plan')), content text NOT NULL,
                  created_by text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
                """
            ]),
        Migration(
            version: 4, name: "projection tables: participants, sessions, trials, ratings, plans",
            statements: [
                // A participant's latest registration (participants.csv: the last row by registered_at is current).
                """
                CREATE TABLE participants (site_id int NOT NULL REFERENCES sites, participant text NOT NULL,
                  registered_at timestamptz NOT NULL, first_registered_at timestamptz NOT NULL, age int,
                  gender text NOT NULL, tinnitus text, tinnitus_side text, hearing_aid text, phone_experience_0_5 int,
                  game_experience_0_5 int, device_id uuid NOT NULL, item int NOT NULL,
                  PRIMARY KEY (site_id, participant))
                """,
                // One row per session (its latest session.json state); session_index is the server's number.
                """
                CREATE TABLE sessions (session_id text PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
                  participant text NOT NULL, device_id uuid NOT NULL REFERENCES devices, machine_id text NOT NULL,
                  file text NOT NULL, state_item int NOT NULL, started_at timestamptz NOT NULL, ended_at timestamptz,
                  completed boolean NOT NULL, ended_by text, played_s float8, protocol text NOT NULL,
                  input text NOT NULL, plan_name text, plan_version int, plan_session int, plan_total_sessions int,
                  profile_version int, headphone_check text, headphone_failed_attempts int, dose_fraction float8,
                  week_dose_fraction float8, local_session_index int, session_index int,
                  trial_count int NOT NULL DEFAULT 0, state jsonb NOT NULL,
                  updated_at timestamptz NOT NULL DEFAULT now())
                """,
                // A site's participants with counts and last session, and one participant's sessions in order.
                "CREATE INDEX sessions_of_participant ON sessions (site_id, participant, started_at, session_id)",
                // Every trials.csv column, keyed by the record's number in its file; no foreign keys, so that ingest stays fast.
                """
                CREATE TABLE trials (session_id text NOT NULL, trial int NOT NULL, site_id int NOT NULL,
                  participant text NOT NULL, device_id uuid NOT NULL, schema_version int NOT NULL,
                  platform text NOT NULL, round int NOT NULL, targets_in_round int NOT NULL, target_index int NOT NULL,
                  target text NOT NULL, condition text NOT NULL, background boolean NOT NULL, input text NOT NULL,
                  hrtf text NOT NULL, hrtf_sha256 text NOT NULL, onset_frame bigint, onset_uncertainty_ms float8,
                  target_bearing_deg float8, aim_bearing_deg float8, deviation_deg float8,
                  abs_deviation_deg float8, front_back_confusion boolean NOT NULL,
                  front_back_reversal boolean NOT NULL, onset_at timestamptz NOT NULL, shot_at timestamptz NOT NULL,
                  time_s float8, protocol text NOT NULL, plan text, difficulty_parameter text, difficulty_value float8,
                  hit boolean, staircase_reversal boolean, volume_db float8, profile_version int,
                  local_session_index int NOT NULL, machine_id text NOT NULL, PRIMARY KEY (session_id, trial))
                """,
                // Keyed as the items they come from: (device, ratings.csv of a participant, record number).
                """
                CREATE TABLE ratings (device_id uuid NOT NULL, file text NOT NULL, record int NOT NULL,
                  site_id int NOT NULL, participant text NOT NULL, session_id text, local_session_index int,
                  moment text NOT NULL, item text NOT NULL, value float8, answered_at timestamptz NOT NULL,
                  prompted_at timestamptz, skipped boolean NOT NULL, codebook_version int NOT NULL,
                  PRIMARY KEY (device_id, file, record))
                """,
                "CREATE INDEX ratings_of_participant ON ratings (site_id, participant, answered_at)",
                """
                CREATE TABLE plans (device_id uuid NOT NULL, file text NOT NULL, site_id int NOT NULL,
                  participant text NOT NULL, version int NOT NULL, name text NOT NULL,
                  assigned_at timestamptz NOT NULL, source text NOT NULL, total_sessions int NOT NULL,
                  sessions_per_week int NOT NULL, plan jsonb NOT NULL, PRIMARY KEY (device_id, file))
                """,
                "CREATE INDEX plans_of_participant ON plans (site_id, participant, assigned_at)",
            ],
            backfill: { connection, logger in
                try await StudyDatabase.backfillProjections(on: connection, logger: logger)
            }),
        Migration(
            version: 5, name: "hearing profiles: synced profile.json versions and profile prescriptions",
            statements: [
                // A check replaced by a wider one in one statement keeps every row: profile.json joins the files a
                // device sends, a profile the prescriptions.
                """
                ALTER TABLE sync_files DROP CONSTRAINT sync_files_kind_check, ADD CONSTRAINT sync_files_kind_check
                  CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan', 'profile'))
                """,
                """
                ALTER TABLE prescriptions DROP CONSTRAINT prescriptions_kind_check,
                  ADD CONSTRAINT prescriptions_kind_check CHECK (kind IN ('plan', 'profile'))
                """,
                // One row per version of a machine's profile.json (item n of the file is the file as of version n).
                """
                CREATE TABLE profiles (device_id uuid NOT NULL, file text NOT NULL, version int NOT NULL,
                  site_id int NOT NULL, participant text NOT NULL, created_at timestamptz, source text NOT NULL,
                  gain_rule text NOT NULL, max_gain_db float8 NOT NULL, ceiling_dbfs float8 NOT NULL,
                  max_volume_db float8, notch_width_octaves float8, tinnitus_pitch_hz float8,
                  calibrated boolean NOT NULL, profile jsonb NOT NULL, PRIMARY KEY (device_id, file, version))
                """,
                "CREATE INDEX profiles_of_participant ON profiles (site_id, participant, created_at)",
            ]),
        Migration(
            version: 6, name: "the patient's record: questionnaires.csv and diary.csv synced",
            statements: [
                // Kept as synced items (read with StudyRecords' codecs before they are stored); the dashboard's
                // participant timeline is where they will be projected.
                """
                ALTER TABLE sync_files DROP CONSTRAINT sync_files_kind_check, ADD CONSTRAINT sync_files_kind_check
                  CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan', 'profile', 'questionnaires',
                    'diary'))
                """
            ]),
        Migration(
            version: 7, name: "a participant's deletion by an admin",
            statements: [
                // A deleted participant of a site: their files are no longer accepted from any machine of the site.
                """
                CREATE TABLE deleted_participants (site_id int NOT NULL REFERENCES sites, participant text NOT NULL,
                  deleted_at timestamptz NOT NULL DEFAULT now(), deleted_by text NOT NULL,
                  PRIMARY KEY (site_id, participant))
                """,
                // participants.csv is one file of many participants: a deleted participant's rows keep their item
                // number and hash (so machines resume where they are) and lose their content.
                "ALTER TABLE sync_items ADD COLUMN redacted_at timestamptz",
            ]),
        Migration(
            version: 8, name: "trials: skipped (an animal given up, not photographed)",
            statements: [
                // Rows projected before the column existed came from logs without it: photos, so false.
                "ALTER TABLE trials ADD COLUMN skipped boolean NOT NULL DEFAULT false"
            ]),
        Migration(
            version: 9, name: "tracker.csv and result pictures synced",
            statements: [
                // Kept as synced items: tracker.csv read with StudyRecords' TrackerRow before it is stored, a result
                // picture (`sync --with-pictures`) as its PNG in base64, checked to be one.
                """
                ALTER TABLE sync_files DROP CONSTRAINT sync_files_kind_check, ADD CONSTRAINT sync_files_kind_check
                  CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan', 'profile', 'questionnaires',
                    'diary', 'tracker', 'picture'))
                """
            ]),
    ]

    /// Ingest's own costs (`make bench`'s `server_sync_ingest_vs_copy`).
    static let ingest: [Migration] = [
        Migration(
            version: 63, name: "sync: each machine's last sync on its row; an item's file checked once a statement",
            statements: [
                // The dashboard asked each machine's newest item of an index that every stored item paid for
                // (migration 61); the batch that stores items now sets the time on the machine's row (the same
                // `now()` as the items' `received_at`), and the index goes.
                "ALTER TABLE devices ADD COLUMN last_sync_at timestamptz",
                "DROP INDEX sync_items_received",
                // The foreign key from an item to its file looked the file up once an item: half of what PostgreSQL
                // did to store a batch (`make bench`). These triggers keep the same rule once a statement: every
                // inserted item's file is held (and locked against deletion until commit, as the key's check locks
                // it), no file is deleted while it has items, and neither key is ever changed.
                "ALTER TABLE sync_items DROP CONSTRAINT sync_items_device_id_file_fkey",
                """
                CREATE FUNCTION sync_items_have_files() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT device_id, file FROM inserted) n WHERE NOT EXISTS (
                      SELECT 1 FROM sync_files f WHERE f.device_id = n.device_id AND f.file = n.file FOR KEY SHARE)) THEN
                    RAISE foreign_key_violation USING MESSAGE = 'sync_items: an item of a file sync_files does not hold';
                  END IF;
                  RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER sync_items_have_files AFTER INSERT ON sync_items REFERENCING NEW TABLE AS inserted
                  FOR EACH STATEMENT EXECUTE FUNCTION sync_items_have_files()
                """,
                """
                CREATE FUNCTION sync_files_without_items() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  IF EXISTS (SELECT 1 FROM deleted d JOIN sync_items i ON i.device_id = d.device_id AND i.file = d.file)
                  THEN
                    RAISE foreign_key_violation USING MESSAGE = 'sync_files: a file deleted while it has items';
                  END IF;
                  RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER sync_files_without_items AFTER DELETE ON sync_files REFERENCING OLD TABLE AS deleted
                  FOR EACH STATEMENT EXECUTE FUNCTION sync_files_without_items()
                """,
                """
                CREATE FUNCTION sync_keys_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  IF NEW.device_id IS DISTINCT FROM OLD.device_id OR NEW.file IS DISTINCT FROM OLD.file THEN
                    RAISE foreign_key_violation USING MESSAGE = TG_TABLE_NAME || ': a file''s key never changes';
                  END IF;
                  RETURN NEW;
                END $$
                """,
                """
                CREATE TRIGGER sync_items_key_unchanged BEFORE UPDATE OF device_id, file ON sync_items
                  FOR EACH ROW EXECUTE FUNCTION sync_keys_unchanged()
                """,
                """
                CREATE TRIGGER sync_files_key_unchanged BEFORE UPDATE OF device_id, file ON sync_files
                  FOR EACH ROW EXECUTE FUNCTION sync_keys_unchanged()
                """,
            ],
            backfill: { connection, logger in
                try await connection.query(
                    """
                    UPDATE devices d SET last_sync_at = m.at
                    FROM (SELECT device_id, max(received_at) AS at FROM sync_items GROUP BY device_id) m
                    WHERE m.device_id = d.id
                    """, logger: logger)
            })
    ]

    /// A participant's page draws its sessions from their kept summaries, whole.
    static let participantPage: [Migration] = [
        Migration(
            version: 64, name: "dashboard: a session summary's plan and skipped animals",
            statements: [
                // The rest of SessionSummary, so that a participant's page reads one row a session where it read
                // every trial (`make bench`). Rows summarised before have NULL here and are summarised again from
                // the trials when a page asks for them (StudyDatabase+ParticipantPages), or by `summaries`.
                "ALTER TABLE session_summaries ADD COLUMN plan text, ADD COLUMN skipped int"
            ])
    ]

    /// Whose a session is, so that no machine adds rows to another site's or participant's session.
    static let sessionOwners: [Migration] = [
        Migration(
            version: 65, name: "sync: a session ID belongs to the site and participant that first sent it",
            statements: [
                // Trial rows are keyed by the session ID they name, so a machine of another site sending a folder
                // under that ID added rows to the first site's session (StudyDatabase+Sync's claimSessions).
                """
                CREATE TABLE session_owners (session_id text PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
                  participant text NOT NULL, claimed_at timestamptz NOT NULL DEFAULT now())
                """,
                // What is held: a session's projection first (it kept its first sender), then trials and ratings.
                """
                INSERT INTO session_owners (session_id, site_id, participant)
                SELECT session_id, site_id, participant FROM sessions ON CONFLICT DO NOTHING
                """,
                """
                INSERT INTO session_owners (session_id, site_id, participant)
                SELECT DISTINCT ON (session_id) session_id, site_id, participant FROM trials
                ORDER BY session_id, site_id, participant ON CONFLICT DO NOTHING
                """,
                """
                INSERT INTO session_owners (session_id, site_id, participant)
                SELECT DISTINCT ON (session_id) session_id, site_id, participant FROM ratings
                WHERE session_id IS NOT NULL AND session_id <> ''
                ORDER BY session_id, site_id, participant ON CONFLICT DO NOTHING
                """,
            ])
    ]

    /// Applies the migrations the database lacks, each in its own transaction, all under one advisory lock so that
    /// several instances starting at once apply each migration once. Returns the names it applied.
    static func apply(on database: StudyDatabase, logger: Logger) async throws -> [String] {
        try await database.withConnection { connection in
            try await connection.query("SELECT pg_advisory_lock(7240124)", logger: logger)
            do {
                let applied = try await apply(on: connection, logger: logger)
                try await connection.query("SELECT pg_advisory_unlock(7240124)", logger: logger)
                return applied
            } catch {
                _ = try? await connection.query("SELECT pg_advisory_unlock(7240124)", logger: logger)
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
        ).collect().first!.decode((Bool, Bool).self)
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
