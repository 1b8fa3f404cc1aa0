// Migration 8: trials: skipped (an animal given up, not photographed).

extension Migration {
    static let v008TrialsSkipped = Migration(
        version: 8, name: "trials: skipped (an animal given up, not photographed)",
        statements: [
            // Rows projected before the column existed came from logs without it: photos, so false.
            "ALTER TABLE trials ADD COLUMN skipped boolean NOT NULL DEFAULT false"
        ])
}
