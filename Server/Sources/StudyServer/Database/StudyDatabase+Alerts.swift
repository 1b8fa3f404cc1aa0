// What the overview's alerts read: the synced session.json states that ParticipantStatus judges (Web/DashboardAlerts).
import Foundation
import PostgresNIO

extension StudyDatabase {
    /// The states of the site's sessions of each participant's current plan version, and of those started after
    /// `since`, in each participant's order; SQL only narrows which states are read.
    func alertStates(siteID: Int, since: Date) async throws -> [(participant: String, file: String, state: String)] {
        try await rows(
            """
            SELECT s.participant, s.file, s.state::text FROM sessions s
            LEFT JOIN (SELECT DISTINCT ON (participant) participant, name, version FROM plans
                       WHERE site_id = \(siteID) ORDER BY participant, assigned_at DESC, version DESC) c
              ON c.participant = s.participant AND c.name = s.plan_name AND c.version = s.plan_version
            WHERE s.site_id = \(siteID) AND (s.started_at > \(since) OR c.participant IS NOT NULL)
            ORDER BY s.participant, s.started_at, s.session_id
            """
        ).map {
            let (participant, file, state) = try $0.decode((String, String, String).self)
            return (participant, file, state)
        }
    }
}
