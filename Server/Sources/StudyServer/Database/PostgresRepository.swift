// What every PostgreSQL repository stands on: the pool of `StudyDatabase` (its statements, transactions and
// connections), so that an area's functions read as they did when they were methods of that one type.
import Foundation
import Logging
import PostgresNIO

protocol PostgresPool: Sendable {
    var database: StudyDatabase { get }
}

/// A repository that audits what it changes (every one but the audit trail itself, `PostgresAudit`).
protocol PostgresRepository: PostgresPool {}

extension PostgresPool {
    var logger: Logger { database.logger }
    var client: PostgresClient { database.client }
    var bcryptCost: UInt8 { database.bcryptCost }

    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await database.rows(query)
    }

    func execute(_ query: PostgresQuery) async throws {
        try await database.execute(query)
    }

    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> sending T) async throws -> T {
        try await database.transaction(body)
    }

    func withConnection<T>(_ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        try await database.withConnection(body)
    }

    /// The id of the site named `name`, nil when there is none.
    func siteID(_ name: String) async throws -> Int? {
        try await database.siteID(name)
    }

    /// Appends one audit row inside the caller's transaction (`StudyDatabase.audit(on:)`, which ingest uses too).
    static func audit(
        on connection: PostgresConnection, logger: Logger, actor: (name: String, role: String), action: String,
        site: String?, participant: String?, before: [String: String]? = nil, after: [String: String]? = nil,
        requestID: String? = nil
    ) async throws {
        try await StudyDatabase.audit(
            on: connection, logger: logger, actor: actor, action: action, site: site, participant: participant,
            before: before, after: after, requestID: requestID)
    }
}

extension PostgresRepository {
    /// Appends one audit row on a connection of its own (`PostgresAudit`).
    func audit(
        actor: (name: String, role: String), action: String, site: String? = nil, participant: String? = nil,
        before: [String: String]? = nil, after: [String: String]? = nil, requestID: String? = nil
    ) async throws {
        try await PostgresAudit(database: database).audit(
            actor: actor, action: action, site: site, participant: participant, before: before, after: after,
            requestID: requestID)
    }
}
