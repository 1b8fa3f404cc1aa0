// Migration 60: the dashboard's session summaries (SessionSummary of each session's trials, a cache).

extension Migration {
    static let v060SessionSummaries = Migration(
        version: 60, name: "dashboard: session summaries (SessionSummary of each session's trials, a cache)",
        statements: [
            // Derived, never edited: recomputed from the trials by SessionSummary whenever a session's
            // trial_count differs from the count it was computed from.
            """
            CREATE TABLE session_summaries (session_id text PRIMARY KEY, trial_count int NOT NULL,
              photos int NOT NULL, median_abs_deviation_deg float8, median_time_s float8, reversal_rate float8,
              staircase_threshold float8)
            """
        ])
}
