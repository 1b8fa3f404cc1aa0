// The audit trail: one appended row per write, enrolment, login, failed login and revocation, and per page that
// showed health data; read back by the admin's audit page and the API.
import Foundation

public protocol AuditRepository: Sendable {
    /// Appends one audit row.
    func audit(
        actor: (name: String, role: String), action: String, site: String?, participant: String?,
        before: [String: String]?, after: [String: String]?, requestID: String?
    ) async throws
    /// Page `page` of the rows `filter` matches, counted from the newest; the rows, how many match, the page given.
    func auditPage(_ filter: StudyDatabase.AuditFilter, page: Int, perPage: Int) async throws -> (
        rows: [StudyDatabase.AuditRow], total: Int, page: Int
    )
    /// The names of the machines among audit actors (`device:<id>`).
    func machineNames(ofActors actors: [String]) async throws -> [String: String]
}

extension AuditRepository {
    /// One audit row of a change that has no "before".
    public func audit(
        actor: (name: String, role: String), action: String, site: String? = nil, participant: String? = nil,
        after: [String: String]? = nil, requestID: String? = nil
    ) async throws {
        try await audit(
            actor: actor, action: action, site: site, participant: participant, before: nil, after: after,
            requestID: requestID)
    }

    /// A dashboard page that showed health data (a participant's, a session's, a picture, a table of participants, the
    /// report, the overview's alerts, a site's machines and participants, the live sessions) was seen: one audit row,
    /// `WHAT.view`, by the account, written after the page was made (a refused request leaves none). The live page's
    /// polls (`live.json`, every few seconds) are not rows: its load is.
    public func auditView(
        _ what: String, by account: Account, site: String?, participant: String? = nil,
        detail: [String: String]? = nil, requestID: String
    ) async throws {
        try await audit(
            actor: (account.name, account.role.rawValue), action: "\(what).view", site: site, participant: participant,
            after: detail, requestID: requestID)
    }

    /// The audit trail from `since` on (all of it without), oldest first: the newest `limit` rows, narrowed to an
    /// actor, an action (or its prefix before a dot: `user` matches `user.add`) and a participant when given.
    public func auditRows(
        since: Date? = nil, actor: String? = nil, action: String? = nil, participant: String? = nil,
        limit: Int = 10_000
    ) async throws -> [StudyDatabase.AuditRow] {
        try await auditPage(
            StudyDatabase.AuditFilter(since: since, actor: actor, action: action, participant: participant), page: 1,
            perPage: limit
        ).rows
    }

}
