// Migration 75: questionnaire links (`/q/TOKEN`) and the answers given through them, fetched by the site's machines.

extension Migration {
    static let v075QuestionnaireLinks = Migration(
        version: 75, name: "questionnaire links (/q/TOKEN) and their answers",
        statements: [
            // Only the token's SHA-256 is kept: the link is shown once. No address of the browser is kept.
            """
            CREATE TABLE questionnaire_links (id bigserial PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
              participant text NOT NULL, instrument_id bigint NOT NULL REFERENCES instruments,
              moment text NOT NULL CHECK (moment IN ('baseline', 'on_request')),
              token_hash text NOT NULL UNIQUE, expires_at timestamptz NOT NULL, revoked_at timestamptz,
              created_by text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
            """,
            // Each answer (and the score rows that finish an administration) as the questionnaires.csv record the
            // game writes, in StudyRecords' codec: the machines' cursor follows `id`.
            """
            CREATE TABLE web_questionnaire_rows (id bigserial PRIMARY KEY,
              link_id bigint NOT NULL REFERENCES questionnaire_links ON DELETE CASCADE,
              site_id int NOT NULL REFERENCES sites, participant text NOT NULL, administration text NOT NULL,
              record text NOT NULL, item text NOT NULL, line text NOT NULL,
              UNIQUE (site_id, participant, administration, record, item))
            """,
        ])
}
