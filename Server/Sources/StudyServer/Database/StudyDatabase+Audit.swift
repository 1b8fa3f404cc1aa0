// The audit trail's rows and its one writer inside a transaction (every area's changes and ingest call it); the
// trail is read and appended to through `AuditRepository`.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

extension StudyDatabase {
    public struct AuditRow: Codable, Sendable, Equatable {
        public var id: Int
        public var at: Date
        public var actor: String
        public var role: String
        public var action: String
        public var site: String?
        public var participant: String?
        public var before: String?
        public var after: String?
        public var requestID: String?

        enum CodingKeys: String, CodingKey {
            case id, at, actor, role, action, site, participant, before, after
            case requestID = "request_id"
        }
    }

    /// Appends one audit row on `connection` (inside the caller's transaction when it has one).
    static func audit(
        on connection: PostgresConnection, logger: Logger, actor: (name: String, role: String), action: String,
        site: String?, participant: String?, before: [String: String]? = nil, after: [String: String]? = nil,
        requestID: String? = nil
    ) async throws {
        func json(_ value: [String: String]?) throws -> String? {
            guard let value else { return nil }
            return String(
                decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        let (beforeJSON, afterJSON) = (try json(before), try json(after))
        try await connection.query(
            """
            INSERT INTO audit (actor, role, action, site, participant, before, after, request_id)
            VALUES (\(actor.name), \(actor.role), \(action), \(site), \(participant), \(beforeJSON)::jsonb, \(afterJSON)::jsonb, \(requestID))
            """, logger: logger)
    }

    /// Which audit rows: from `since` on and before `until` (each when given), by an actor (a person's name, or a
    /// machine's name or `device:<id>`), an action (or its prefix before a dot) and a participant.
    public struct AuditFilter: Sendable, Equatable {
        public var since: Date?
        public var until: Date?
        public var actor: String?
        public var action: String?
        public var participant: String?

        public init(
            since: Date? = nil, until: Date? = nil, actor: String? = nil, action: String? = nil,
            participant: String? = nil
        ) {
            self.since = since
            self.until = until
            self.actor = actor
            self.action = action
            self.participant = participant
        }
    }

    /// The columns of the audit page's CSV download, one row each, as `line(_:)` writes them.
    public static let auditColumns = [
        "id", "at", "actor", "machine", "role", "action", "site", "participant", "before", "after", "request_id",
    ]

    /// `row` under `auditColumns`; `machine` the machine's name when the actor is one.
    public static func auditLine(_ row: AuditRow, machine: String?) -> String {
        CSVWriter.line([
            .integer(row.id), .text(Timestamp.format(row.at)), .text(row.actor), .text(machine ?? ""), .text(row.role),
            .text(row.action), .text(row.site ?? ""), .text(row.participant ?? ""), .text(row.before ?? ""),
            .text(row.after ?? ""), .text(row.requestID ?? ""),
        ])
    }
}
