// Migration 62: the participants table's summaries: one row per participant, kept at ingest.
import Logging
import PostgresNIO

extension Migration {
    static let v062ParticipantSummaries = Migration(
        version: 62, name: "dashboard: one summary row per participant, kept at ingest",
        statements: [
            // Derived, never edited by hand: written by StudyDatabase.refreshParticipantSummaries only, from the
            // projection tables, in the transaction that changed them.
            """
            CREATE TABLE participant_summaries (site_id int NOT NULL REFERENCES sites, participant text NOT NULL,
              sessions int NOT NULL, completed int NOT NULL, last_session_at timestamptz,
              plan_device uuid, plan_file text, plan_name text, plan_version int, plan_assigned_at timestamptz,
              plan_total int, plan_per_week int, plan_done int, plan_in_progress text,
              first_week_deviation float8, last_week_deviation float8, threshold float8,
              first_loudness float8, last_loudness float8, devices uuid[] NOT NULL,
              PRIMARY KEY (site_id, participant))
            """,
            // PlanSchedule.opened (the sessions whose window has opened by `today`: session k opens
            // floor((k − 1) · 7 / per_week) days after the assignment's UTC day), so that the table can filter and
            // sort by missed sessions in SQL; a test holds it equal to PlanSchedule over every case.
            """
            CREATE FUNCTION plan_sessions_opened(assigned_at timestamptz, per_week int, total int,
              today timestamptz) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
              SELECT CASE WHEN d < 0 THEN 0 ELSE least(total, ((d + 1) * per_week - 1) / 7 + 1) END
              FROM (SELECT (today AT TIME ZONE 'UTC')::date - (assigned_at AT TIME ZONE 'UTC')::date) AS x(d)
            $$
            """,
        ],
        backfill: { connection, logger in
            try await StudyDatabase.rebuildSummaries(siteIDs: nil, on: connection, logger: logger)
        })
}
