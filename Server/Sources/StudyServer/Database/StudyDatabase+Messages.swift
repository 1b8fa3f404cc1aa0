// Messages between a participant and their study team: the patient's, projected from messages.csv at ingest, and the
// team's answers, written by the dashboard and the API and fetched by the site's machines.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

extension StudyDatabase {
    /// The patient's messages of a machine's messages.csv (new items only) as rows of `messages`, once per machine and
    /// message id; an answer of the team coming back up in the file marks that answer delivered.
    static func projectMessages(
        _ rows: [(item: Int, record: MessageRow)], on connection: PostgresConnection, logger: Logger, device: UUID,
        file: String
    ) async throws {
        guard let participant = participant(of: file) else { return }
        let patient = rows.map(\.record).filter { $0.sender == .patient }
        if !patient.isEmpty {
            try await connection.query(
                """
                INSERT INTO messages (site_id, participant, sender, device_id, message_id, text, written_at)
                SELECT d.site_id, \(participant), 'patient', d.id, m.id, m.text, m.at
                FROM devices d, unnest(\(patient.map(\.messageID))::text[], \(patient.map(\.text))::text[],
                  \(patient.map(\.writtenAt))::timestamptz[]) AS m(id, text, at)
                WHERE d.id = \(device)
                ON CONFLICT (device_id, participant, message_id) DO NOTHING
                """, logger: logger)
        }
        let delivered = rows.map(\.record).filter { $0.sender == .team }.compactMap { Int($0.messageID.dropFirst()) }
        if !delivered.isEmpty {
            try await connection.query(
                """
                UPDATE messages m SET delivered_at = coalesce(m.delivered_at, now()) FROM devices d
                WHERE d.id = \(device) AND m.site_id = d.site_id AND m.participant = \(participant)
                  AND m.sender = 'team' AND m.id = ANY(\(delivered)::bigint[])
                """, logger: logger)
        }
    }
}
