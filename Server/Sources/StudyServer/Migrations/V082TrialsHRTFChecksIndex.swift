// Migration 82: the index a participant's page finds its HRTF checks' trials by (issue 40, dashboard speed).

extension Migration {
    static let v082TrialsHRTFChecksIndex = Migration(
        version: 82, name: "dashboard: a participant's HRTF checks' trials from an index",
        statements: [
            // A participant's page asks for the trials of their `hrtf-check` sessions (PostgresHRTFChoices): without
            // an index, every page read all of the trials table (a million rows: a third of a second). Partial, so
            // that it holds the checks' few rows only and ingest's other trials pay nothing for it.
            "CREATE INDEX trials_hrtf_checks ON trials (site_id, participant) WHERE protocol = 'hrtf-check'"
        ])
}
