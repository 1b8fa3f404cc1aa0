// The audit trail: one appended row per write, enrolment, login, failed login and revocation (never updated).
import Foundation
import Logging
import PostgresNIO

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

    func audit(
        actor: (name: String, role: String), action: String, site: String? = nil, participant: String? = nil,
        before: [String: String]? = nil, after: [String: String]? = nil, requestID: String? = nil
    ) async throws {
        try await withConnection { connection in
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: action, site: site, participant: participant,
                before: before, after: after, requestID: requestID)
        }
    }

    /// A dashboard page that showed health data (a participant's, a session's, a picture, a table of participants, the
    /// report, the overview's alerts, a site's machines and participants, the live sessions) was seen: one audit row,
    /// `WHAT.view`, by the account, written after the page was made (a refused request leaves none). The live page's
    /// polls (`live.json`, every few seconds) are not rows: its load is.
    func auditView(
        _ what: String, by account: Account, site: String?, participant: String? = nil,
        detail: [String: String]? = nil, requestID: String
    ) async throws {
        try await audit(
            actor: (account.name, account.role.rawValue), action: "\(what).view", site: site, participant: participant,
            after: detail, requestID: requestID)
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

    /// The audit trail from `since` on (all of it without), oldest first: the newest `limit` rows, narrowed to an
    /// actor, an action (or its prefix before a dot: `user` matches `user.add`) and a participant when given.
    public func auditRows(
        since: Date? = nil, actor: String? = nil, action: String? = nil, participant: String? = nil,
        limit: Int = 10_000
    ) async throws -> [AuditRow] {
        let since = since ?? Date(timeIntervalSince1970: 0)
        return try await rows(
            """
            SELECT * FROM (
              SELECT id, at, actor, role, action, site, participant, before::text, after::text, request_id FROM audit
              WHERE at >= \(since) AND (\(actor)::text IS NULL OR actor = \(actor)
                OR actor IN (SELECT 'device:' || id::text FROM devices WHERE name = \(actor)))
                AND (\(action)::text IS NULL OR action = \(action) OR action LIKE \(action) || '.%')
                AND (\(participant)::text IS NULL OR participant = \(participant))
              ORDER BY id DESC LIMIT \(limit)) newest
            ORDER BY id
            """
        ).map {
            let (id, at, actor, role, action, site, participant, before, after, request) = try $0.decode(
                (Int, Date, String, String, String, String?, String?, String?, String?, String?).self)
            return AuditRow(
                id: id, at: at, actor: actor, role: role, action: action, site: site, participant: participant,
                before: before, after: after, requestID: request)
        }
    }
}

extension StudyDatabase {
    /// The names of the machines among audit actors (`device:<id>`), for the audit page: an id alone says nothing.
    public func machineNames(ofActors actors: [String]) async throws -> [String: String] {
        let ids = Array(Set(actors.filter { $0.hasPrefix("device:") }.map { String($0.dropFirst("device:".count)) }))
        guard !ids.isEmpty else { return [:] }
        return Dictionary(
            uniqueKeysWithValues: try await rows(
                "SELECT 'device:' || id::text, name FROM devices WHERE id::text = ANY(\(ids))"
            ).map { try $0.decode((String, String).self) })
    }
}

// MARK: Rate limits (in PostgreSQL, so every instance counts the same attempts)

extension StudyDatabase {
    /// Counts one attempt in `bucket`'s current window. Returns nil when it is within `limit`, else the seconds
    /// until the window ends (the Retry-After of the 429).
    public func countAttempt(bucket: String, limit: Int, windowSeconds: Int) async throws -> Int? {
        let row = try await rows(
            """
            INSERT INTO rate_limits (bucket, window_start, hits)
            VALUES (\(bucket), to_timestamp(floor(extract(epoch FROM now()) / \(windowSeconds)) * \(windowSeconds)), 1)
            ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
            RETURNING hits, ceil(extract(epoch FROM window_start + \(windowSeconds) * interval '1 second' - now()))::int
            """
        ).one("the rate limit's window")
        let (hits, remaining) = try row.decode((Int, Int).self)
        try await execute(
            "DELETE FROM rate_limits WHERE window_start < now() - \(windowSeconds * 2) * interval '1 second'")
        return hits > limit ? max(remaining, 1) : nil
    }
}
