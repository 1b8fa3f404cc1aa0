// Migration 7: a participant's deletion by an admin.

extension Migration {
    static let v007ParticipantDeletion = Migration(
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
        ])
}
