// The audit trail in PostgreSQL (`audit`, appended, never updated).
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

public struct PostgresAudit: AuditRepository, PostgresPool {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    public func audit(
        actor: (name: String, role: String), action: String, site: String?, participant: String?,
        before: [String: String]?, after: [String: String]?, requestID: String?
    ) async throws {
        try await withConnection { connection in
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: action, site: site, participant: participant,
                before: before, after: after, requestID: requestID)
        }
    }

    /// Page `page` of the rows `filter` matches, counted from the newest (page 1: the newest `perPage`), oldest
    /// first within the page; a page past the last gives the last. Returns the rows, how many match in all and the
    /// page given.
    public func auditPage(_ filter: StudyDatabase.AuditFilter, page: Int, perPage: Int) async throws -> (
        rows: [StudyDatabase.AuditRow], total: Int, page: Int
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
        var rows: [StudyDatabase.AuditRow] = []
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
                    StudyDatabase.AuditRow(
                        id: id, at: at, actor: actor, role: role, action: action, site: site,
                        participant: participant, before: before, after: after, requestID: request))
            }
        }
        return (rows, total, shownPage)
    }

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
