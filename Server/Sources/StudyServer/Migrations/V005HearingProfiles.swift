// Migration 5: hearing profiles: synced profile.json versions and profile prescriptions.

extension Migration {
    static let v005HearingProfiles = Migration(
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
        ])
}
