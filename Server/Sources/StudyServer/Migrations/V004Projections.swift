// Migration 4: the projection tables ingest fills from the items (participants, sessions, trials, ratings, plans).
import Logging
import PostgresNIO

extension Migration {
    static let v004Projections = Migration(
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
            try await PostgresIngest.backfillProjections(on: connection, logger: logger)
        })
}
