// Migration 65: whose a session is, so that no machine adds rows to another site's or participant's session.

extension Migration {
    static let v065SessionOwners = Migration(
        version: 65, name: "sync: a session ID belongs to the site and participant that first sent it",
        statements: [
            // Trial rows are keyed by the session ID they name, so a machine of another site sending a folder
            // under that ID added rows to the first site's session (PostgresIngest.store claims a batch's sessions).
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
}
