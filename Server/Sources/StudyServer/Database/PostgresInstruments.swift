// The instruments in PostgreSQL (`instruments`, migration 74).
import Foundation
import PostgresNIO

public struct PostgresInstruments: InstrumentsRepository, PostgresPool {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    public func add(
        site: String, instrument: String, version: Int, language: String, title: String, content: String,
        by actor: (name: String, role: String), requestID: String?
    ) async throws -> StoredInstrument {
        let logger = database.logger
        return try await database.transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO instruments (site_id, instrument, version, language, title, content, added_by)
                SELECT s.id, \(instrument), \(version), \(language), \(title), \(content), \(actor.name)
                FROM sites s WHERE s.name = \(site)
                ON CONFLICT (site_id, instrument, version, language) DO NOTHING
                RETURNING id, added_at
                """, logger: logger
            ).collect()
            guard let row = inserted.first else {
                throw Problem(
                    .conflict, "Conflict",
                    "\(instrument) version \(version) (\(language)) is held for site \(site) already, and a version is never replaced: raise \"version\" in the file for a changed one.",
                    extra: ["field": "version"])
            }
            let (id, addedAt) = try row.decode((Int, Date).self)
            try await StudyDatabase.audit(
                on: connection, logger: logger, actor: actor, action: "instrument.add", site: site, participant: nil,
                after: [
                    "instrument": instrument, "version": String(version), "language": language,
                    "server_id": String(id),
                ], requestID: requestID)
            return StoredInstrument(
                id: id, instrument: instrument, version: version, language: language, title: title, content: nil,
                addedBy: actor.name, addedAt: addedAt)
        }
    }

    public func list(site: String) async throws -> [StoredInstrument] {
        try await prepared(InstrumentsOfSite.self, InstrumentsOfSite.query(site: site)).map(Self.stored)
    }

    /// The statement of `list`, planned once per connection (`PreparedText`).
    private enum InstrumentsOfSite: PreparedText {
        static func query(site: String) -> PostgresQuery {
            """
            SELECT i.id, i.instrument, i.version, i.language, i.title, NULL::text, i.added_by, i.added_at
            FROM instruments i JOIN sites s ON s.id = i.site_id WHERE s.name = \(site)
            ORDER BY i.instrument, i.version, i.language
            """
        }
        static let sql = query(site: "").sql
        static let types: [PostgresDataType] = [.text]
    }

    public func forMachines(site: String, after: Int, limit: Int) async throws -> [StoredInstrument] {
        try await database.rows(
            """
            SELECT i.id, i.instrument, i.version, i.language, i.title, i.content, i.added_by, i.added_at
            FROM instruments i JOIN sites s ON s.id = i.site_id WHERE s.name = \(site) AND i.id > \(after)
            ORDER BY i.id LIMIT \(limit)
            """
        ).map(Self.stored)
    }

    private static func stored(_ row: PostgresRow) throws -> StoredInstrument {
        let (id, instrument, version, language, title, content, by, at) = try row.decode(
            (Int, String, Int, String, String, String?, String, Date).self)
        return StoredInstrument(
            id: id, instrument: instrument, version: version, language: language, title: title, content: content,
            addedBy: by, addedAt: at)
    }
}
