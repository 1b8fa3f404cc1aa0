// Migration 6: the patient's record: questionnaires.csv and diary.csv synced.

extension Migration {
    static let v006QuestionnairesAndDiary = Migration(
        version: 6, name: "the patient's record: questionnaires.csv and diary.csv synced",
        statements: [
            // Kept as synced items (read with StudyRecords' codecs before they are stored); the dashboard's
            // participant timeline is where they will be projected.
            """
            ALTER TABLE sync_files DROP CONSTRAINT sync_files_kind_check, ADD CONSTRAINT sync_files_kind_check
              CHECK (kind IN ('participants', 'session', 'trials', 'ratings', 'plan', 'profile', 'questionnaires',
                'diary'))
            """
        ])
}
