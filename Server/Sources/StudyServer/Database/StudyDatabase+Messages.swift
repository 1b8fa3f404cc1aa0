// Messages between a participant and their study team: the patient's, projected from messages.csv at ingest, and the
// team's answers, written by the dashboard and the API and fetched by the site's machines.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

extension StudyDatabase {
    /// One message of a conversation, as the dashboard and the API show it.
    public struct Message: Codable, Sendable, Equatable {
        public var id: Int
        /// `patient` or `team`.
        public var sender: String
        public var text: String
        public var writtenAt: Date
        /// The team's answers: the answerer's role (the machines receive this and never a name).
        public var role: String?
        /// The patient's: the machine's id of it (`M1`, …); nil for an answer.
        public var messageID: String?
        /// The patient's: when an account of the site first read it (nil: unread).
        public var readAt: Date?
        /// The team's: when a machine sent it back up in its messages.csv (nil: not yet received there).
        public var deliveredAt: Date?

        enum CodingKeys: String, CodingKey {
            case id, sender, text, role
            case writtenAt = "written_at"
            case messageID = "message_id"
            case readAt = "read_at"
            case deliveredAt = "delivered_at"
        }
    }

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

    /// The conversation of `participant` at `site`, oldest first (every machine's messages and the team's answers).
    public func messages(site: String, participant: String) async throws -> [Message] {
        try await rows(
            """
            SELECT m.id, m.sender, m.text, m.written_at, m.role, m.message_id, m.read_at, m.delivered_at
            FROM messages m JOIN sites s ON s.id = m.site_id
            WHERE s.name = \(site) AND m.participant = \(participant) ORDER BY m.written_at, m.id
            """
        ).map {
            let (id, sender, text, writtenAt, role, messageID, readAt, deliveredAt) = try $0.decode(
                (Int, String, String, Date, String?, String?, Date?, Date?).self)
            return Message(
                id: id, sender: sender, text: text, writtenAt: writtenAt, role: role, messageID: messageID,
                readAt: readAt, deliveredAt: deliveredAt)
        }
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
                throw Problem(
                    .gone, "Gone",
                    "The participant \(participant) of site \(site) was deleted, and an ID is never taken back: nothing can reach them."
                )
            }
            let id = try inserted.one("the answer's id").decode(Int.self)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "message.answer", site: site,
                participant: participant, after: ["message": String(id), "characters": String(text.count)],
                requestID: requestID)
            return id
        }
    }

    /// An answer as a machine of the site receives it: the participant, the role and the time, never a name.
    public struct Answer: Codable, Sendable, Equatable {
        public var id: Int
        public var participant: String
        public var role: String
        public var text: String
        /// RFC 3339 with milliseconds, as the logs write times (`Timestamp`).
        public var writtenAt: String

        enum CodingKeys: String, CodingKey {
            case id, participant, role, text
            case writtenAt = "written_at"
        }
    }

    /// The team's answers to the site's participants after `after` (the last one a machine received), oldest first,
    /// at most 500 (the machine asks again from the last).
    public func answers(site: String, after: Int) async throws -> [Answer] {
        try await rows(
            """
            SELECT m.id, m.participant, m.text, m.written_at, m.role FROM messages m JOIN sites s ON s.id = m.site_id
            WHERE s.name = \(site) AND m.sender = 'team' AND m.id > \(after) ORDER BY m.id LIMIT 500
            """
        ).map {
            let (id, participant, text, writtenAt, role) = try $0.decode((Int, String, String, Date, String).self)
            return Answer(
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
