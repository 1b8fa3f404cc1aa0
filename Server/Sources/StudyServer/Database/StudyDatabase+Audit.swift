// The audit trail: one appended row per write, enrolment, login, failed login and revocation (never updated).
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
        try await auditPage(
            AuditFilter(since: since, actor: actor, action: action, participant: participant), page: 1,
            perPage: limit
        ).rows
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

    /// Page `page` of the rows `filter` matches, counted from the newest (page 1: the newest `perPage`), oldest
    /// first within the page; a page past the last gives the last. Returns the rows, how many match in all and the
    /// page given.
    public func auditPage(_ filter: AuditFilter, page: Int, perPage: Int) async throws -> (
        rows: [AuditRow], total: Int, page: Int
    ) {
        let since = filter.since ?? Date(timeIntervalSince1970: 0)
        let (until, actor, action, participant) = (filter.until, filter.actor, filter.action, filter.participant)
        // In 64 bits: page × perPage reaches past 2^31 (PageNumber allows pages up to 2^31 − 1).
        let skip = Int64(page - 1) * Int64(perPage)
        let found = try await rows(
            """
            WITH matching AS (
              SELECT id, at, actor, role, action, site, participant, before::text, after::text, request_id FROM audit
              WHERE at >= \(since) AND (\(until)::timestamptz IS NULL OR at < \(until))
                AND (\(actor)::text IS NULL OR actor = \(actor)
                  OR actor IN (SELECT 'device:' || id::text FROM devices WHERE name = \(actor)))
                AND (\(action)::text IS NULL OR action = \(action) OR action LIKE \(action) || '.%')
                AND (\(participant)::text IS NULL OR participant = \(participant))),
            total AS (SELECT count(*)::int AS n FROM matching),
            shown AS (SELECT least(\(skip)::bigint, greatest(n - 1, 0) / \(perPage) * \(perPage))::bigint AS skip FROM total)
            SELECT total.n, (shown.skip / \(perPage))::int + 1, m.id, m.at, m.actor, m.role, m.action, m.site,
              m.participant, m.before, m.after, m.request_id
            FROM total CROSS JOIN shown LEFT JOIN LATERAL (
              SELECT * FROM matching ORDER BY id DESC LIMIT \(perPage) OFFSET shown.skip) m ON true
            ORDER BY m.id
            """
        )
        var total = 0
        var shownPage = 1
        var rows: [AuditRow] = []
        for row in found {
            let (count, number, id, at, actor, role, action, site, participant, before, after, request) =
                try row.decode(
                    (
                        Int, Int, Int?, Date?, String?, String?, String?, String?, String?, String?, String?,
                        String?
                    ).self)
            (total, shownPage) = (count, number)
            if let id, let at, let actor, let role, let action {
                rows.append(
                    AuditRow(
                        id: id, at: at, actor: actor, role: role, action: action, site: site,
                        participant: participant, before: before, after: after, requestID: request))
            }
        }
        return (rows, total, shownPage)
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
