// Migration 68: messages between a participant and their study team (issue 45).

extension Migration {
    static let v068Messages = Migration(
        version: 68, name: "messages: a participant's messages to their study team and the team's answers",
        statements: [
            // A machine's messages.csv is synced like the diary; its patient rows are projected here (one per machine
            // and message id), the team's answers are written here by the dashboard or the API and fetched by the
            // site's machines (`GET /api/v1/sync/messages`), which write them into the same file; an answer coming
            // back up in that file marks it delivered.
            """
            ALTER TABLE sync_files DROP CONSTRAINT sync_files_kind_check, ADD CONSTRAINT sync_files_kind_check
              CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan', 'profile', 'questionnaires',
                'diary', 'tracker', 'picture', 'messages'))
            """,
            """
            CREATE TABLE messages (id bigserial PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
              participant text NOT NULL, sender text NOT NULL CHECK (sender IN ('patient', 'team')),
              device_id uuid REFERENCES devices, message_id text, text text NOT NULL,
              written_at timestamptz NOT NULL, received_at timestamptz NOT NULL DEFAULT now(),
              role text, created_by text, read_at timestamptz, delivered_at timestamptz,
              CHECK ((sender = 'patient') = (device_id IS NOT NULL AND message_id IS NOT NULL)),
              CHECK ((sender = 'team') = (role IS NOT NULL AND created_by IS NOT NULL)),
              UNIQUE (device_id, participant, message_id))
            """,
            "CREATE INDEX messages_participant ON messages (site_id, participant, written_at, id)",
            // The overview's "unread messages": the few patient messages nobody of the site has read yet.
            "CREATE INDEX messages_unread ON messages (site_id, participant) WHERE sender = 'patient' AND read_at IS NULL",
        ])
}
