// Migration 69: ratings: ambient_level_db, ambient_level_unit (the sound level around the patient; issue 45).

extension Migration {
    static let v069RatingsAmbientLevel = Migration(
        version: 69, name: "ratings: ambient_level_db, ambient_level_unit (the sound level around the patient)",
        statements: [
            // NULL: not measured. Rows projected before came from files without the columns (docs/LOG-FORMAT.md), and
            // a file begun before them keeps its header; the game leaves them empty without a microphone, when the
            // patient did not allow it, and in `simulate`.
            """
            ALTER TABLE ratings ADD COLUMN ambient_level_db float8, ADD COLUMN ambient_level_unit text
              CHECK (ambient_level_unit IN ('dBFS', 'dBA')),
              ADD CONSTRAINT ratings_ambient_level_whole CHECK ((ambient_level_db IS NULL) = (ambient_level_unit IS NULL))
            """
        ])
}
