// Migration 64: a participant's page draws its sessions from their kept summaries, whole.

extension Migration {
    static let v064SessionSummaryPlanAndSkipped = Migration(
        version: 64, name: "dashboard: a session summary's plan and skipped animals",
        statements: [
            // The rest of SessionSummary, so that a participant's page reads one row a session where it read
            // every trial (`make bench`). Rows summarised before have NULL here and are summarised again from
            // the trials when a page asks for them (PostgresParticipantPages), or by `summaries`.
            "ALTER TABLE session_summaries ADD COLUMN plan text, ADD COLUMN skipped int"
        ])
}
