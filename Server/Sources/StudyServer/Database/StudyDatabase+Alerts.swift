// What the overview's alerts read: the synced session.json states that ParticipantStatus judges (Web/DashboardAlerts).
import Foundation
import PostgresNIO

extension StudyDatabase {
    /// The states of the site's sessions of each participant's current plan (`plans`: on any machine that holds a
    /// copy of it), and of those started after `since`, in each participant's order, with the machine that played
    /// each; SQL only narrows which states are read.
    func alertStates(
        siteID: Int, since: Date, plans: [String: CurrentPlan]
    ) async throws -> [(participant: String, file: String, state: String, device: UUID)] {
        var participants: [String] = []
        var devices: [UUID] = []
        var versions: [Int] = []
        var names: [String] = []
        for (participant, current) in plans {
            for copy in current.copies.versions {
                participants.append(participant)
                devices.append(copy.device)
                versions.append(copy.version)
                names.append(current.plan.plan.name)
            }
        }
        return try await rows(
            """
            SELECT s.participant, s.file, s.state::text, s.device_id FROM sessions s
            LEFT JOIN unnest(\(participants)::text[], \(devices)::uuid[], \(versions)::int[], \(names)::text[])
              AS c(participant, device, version, name)
              ON c.participant = s.participant AND c.device = s.device_id AND c.version = s.plan_version
                AND c.name = s.plan_name
            WHERE s.site_id = \(siteID) AND (s.started_at > \(since) OR c.participant IS NOT NULL)
            ORDER BY s.participant, s.started_at, s.session_id
            """
        ).map {
            let (participant, file, state, device) = try $0.decode((String, String, String, UUID).self)
            return (participant, file, state, device)
        }
    }
}
