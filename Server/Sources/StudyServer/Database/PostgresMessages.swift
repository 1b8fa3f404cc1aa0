// The conversations in PostgreSQL (`messages`): read, marked read, answered (audited) and fetched by machines.
import Foundation
import Logging
import PostgresNIO
import StudyRecords

public struct PostgresMessages: MessagesRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// The conversation of `participant` at `site`, oldest first (every machine's messages and the team's answers).
    public func messages(site: String, participant: String) async throws -> [StudyDatabase.Message] {
        try await prepared(ParticipantMessages.self, ParticipantMessages.query(site: site, participant: participant))
            .map {
                let (id, sender, text, writtenAt, role, messageID, readAt, deliveredAt) = try $0.decode(
                    (Int, String, String, Date, String?, String?, Date?, Date?).self)
                return StudyDatabase.Message(
                    id: id, sender: sender, text: text, writtenAt: writtenAt, role: role, messageID: messageID,
                    readAt: readAt, deliveredAt: deliveredAt)
            }
    }

    /// The statement of `messages`, planned once per connection (`PreparedText`).
    private enum ParticipantMessages: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT m.id, m.sender, m.text, m.written_at, m.role, m.message_id, m.read_at, m.delivered_at
            FROM messages m JOIN sites s ON s.id = m.site_id
            WHERE s.name = \(site) AND m.participant = \(participant) ORDER BY m.written_at, m.id
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }

    /// Marks the participant's unread messages read (they were just shown to `account`); returns how many.
    @discardableResult
    public func markMessagesRead(site: String, participant: String) async throws -> Int {
        try await rows(
            """
            UPDATE messages m SET read_at = now() FROM sites s
            WHERE s.id = m.site_id AND s.name = \(site) AND m.participant = \(participant)
              AND m.sender = 'patient' AND m.read_at IS NULL
            RETURNING m.id
            """
        ).count
    }

    /// Stores the team's answer to `participant` of `site` (checked by `MessageRow.textProblem` first) and audits it
    /// (`message.answer`, the message's number and length, never its text); returns its id. A deleted participant is
    /// refused (410), as a prescription is.
    public func answer(
        site: String, participant: String, text: String, by actor: (name: String, role: String), requestID: String?
    ) async throws -> Int {
        try await transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO messages (site_id, participant, sender, text, written_at, role, created_by)
                SELECT s.id, \(participant), 'team', \(text), now(), \(actor.role), \(actor.name) FROM sites s
                WHERE s.name = \(site) AND NOT EXISTS (SELECT 1 FROM deleted_participants d WHERE d.site_id = s.id
                  AND d.participant = \(participant))
                RETURNING id
                """, logger: logger
            ).collect()
            guard !inserted.isEmpty else {
                throw Problem.participantDeleted(participant, site: site, then: "nothing can reach them.")
            }
            let id = try inserted.one("the answer's id").decode(Int.self)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "message.answer", site: site,
                participant: participant, after: ["message": String(id), "characters": String(text.count)],
                requestID: requestID)
            return id
        }
    }

    /// The team's answers after `after` (the last one a machine received) to the participants of `site` whom
    /// `device` serves (`machine_participants`: a machine never receives another participant's conversation),
    /// oldest first, at most 500 (the machine asks again from the last).
    public func answers(site: String, device: UUID, after: Int) async throws -> [StudyDatabase.Answer] {
        try await rows(
            """
            SELECT m.id, m.participant, m.text, m.written_at, m.role FROM messages m JOIN sites s ON s.id = m.site_id
            WHERE s.name = \(site) AND m.sender = 'team' AND m.id > \(after)
              AND m.participant IN (SELECT machine_participants(\(device)))
            ORDER BY m.id LIMIT 500
            """
        ).map {
            let (id, participant, text, writtenAt, role) = try $0.decode((Int, String, String, Date, String).self)
            return StudyDatabase.Answer(
                id: id, participant: participant, role: role, text: text, writtenAt: Timestamp.format(writtenAt))
        }
    }

    /// Per site of `sites`, the participants with messages nobody has read yet, and how many (the overview's alert).
    public func unreadMessages(sites: [String]) async throws -> [(site: String, participant: String, count: Int)] {
        try await rows(
            """
            SELECT s.name, m.participant, count(*)::int FROM messages m JOIN sites s ON s.id = m.site_id
            WHERE s.name = ANY(\(sites)::text[]) AND m.sender = 'patient' AND m.read_at IS NULL
            GROUP BY s.name, m.participant ORDER BY s.name, m.participant
            """
        ).map { try $0.decode((String, String, Int).self) }.map { (site: $0.0, participant: $0.1, count: $0.2) }
    }
}
