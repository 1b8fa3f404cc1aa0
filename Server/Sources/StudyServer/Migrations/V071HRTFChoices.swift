// Migration 71: hrtf-choice.csv synced and projected (choosing an HRTF set by ear; issue 43).

extension Migration {
    static let v071HRTFChoices = Migration(
        version: 71, name: "hrtf_choices: the comparisons of choosing an HRTF set by ear, synced as kind hrtf-choice",
        statements: [
            """
            ALTER TABLE sync_files DROP CONSTRAINT sync_files_kind_check, ADD CONSTRAINT sync_files_kind_check
              CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan', 'profile', 'questionnaires',
                'diary', 'tracker', 'picture', 'messages', 'hrtf-choice'))
            """,
            // One row per synced record (a machine's file, its record number), as the game wrote it; a choice is
            // its rows with one choice_id (kept as the text logged: it names the choice), the last one the
            // winner's. No machine sent the kind before, so nothing is backfilled.
            """
            CREATE TABLE hrtf_choices (device_id uuid NOT NULL REFERENCES devices, file text NOT NULL,
              item int NOT NULL, site_id int NOT NULL REFERENCES sites, participant text NOT NULL,
              choice_id text NOT NULL, comparison int NOT NULL CHECK (comparison >= 1),
              round int NOT NULL CHECK (round >= 1), set_1 text NOT NULL, set_2 text NOT NULL,
              set_1_sha256 text NOT NULL, set_2_sha256 text NOT NULL, play_order text NOT NULL,
              directions_deg text NOT NULL,
              answer text NOT NULL CHECK (answer IN ('a', 'b', 'no_difference', 'winner')),
              preferred text NOT NULL, hear_again int NOT NULL CHECK (hear_again >= 0), answer_s float8,
              answered_at timestamptz NOT NULL, responder text NOT NULL, PRIMARY KEY (device_id, file, item))
            """,
            "CREATE INDEX hrtf_choices_participant ON hrtf_choices (site_id, participant, choice_id, comparison)",
        ])
}
