// Migration 9: tracker.csv and result pictures synced.

extension Migration {
    static let v009TrackerAndPictures = Migration(
        version: 9, name: "tracker.csv and result pictures synced",
        statements: [
            // Kept as synced items: tracker.csv read with StudyRecords' TrackerRow before it is stored, a result
            // picture (`sync --with-pictures`) as its PNG in base64, checked to be one.
            """
            ALTER TABLE sync_files DROP CONSTRAINT sync_files_kind_check, ADD CONSTRAINT sync_files_kind_check
              CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan', 'profile', 'questionnaires',
                'diary', 'tracker', 'picture'))
            """
        ])
}
