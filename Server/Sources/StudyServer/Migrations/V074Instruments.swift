// Migration 74: instruments: questionnaires a supervisor adds for a site, every version kept, fetched by its machines.

extension Migration {
    static let v074Instruments = Migration(
        version: 74, name: "instruments (a site's questionnaires, every version kept)",
        statements: [
            // One row per id, version and language, as a machine keeps one file of each (never replaced): a changed
            // file is a new version, and the machines' cursor follows `id`.
            """
            CREATE TABLE instruments (id bigserial PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
              instrument text NOT NULL, version int NOT NULL CHECK (version >= 1), language text NOT NULL,
              title text NOT NULL, content text NOT NULL, added_by text NOT NULL,
              added_at timestamptz NOT NULL DEFAULT now(), UNIQUE (site_id, instrument, version, language))
            """
        ])
}
