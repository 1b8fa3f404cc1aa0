// Migration 3: prescriptions (training plans) a supervisor gives a site's participant.

extension Migration {
    static let v003Prescriptions = Migration(
        version: 3, name: "prescriptions (training plans) for a site's participants",
        statements: [
            // Never updated: a new plan for a participant is a new row, written on the machine as a new version.
            """
            CREATE TABLE prescriptions (id bigserial PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
              participant text NOT NULL, kind text NOT NULL CHECK (kind IN ('plan')), content text NOT NULL,
              created_by text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
            """
        ])
}
