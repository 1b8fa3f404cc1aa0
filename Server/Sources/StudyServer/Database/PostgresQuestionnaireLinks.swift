// The questionnaire links and their answers in PostgreSQL (`questionnaire_links`, `web_questionnaire_rows`, migration 75).
import Foundation
import PostgresNIO
import StudyRecords
import TidyFormats

public struct PostgresQuestionnaireLinks: QuestionnaireLinksRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    static let columns = """
        l.id, s.name, l.participant, i.id, i.instrument, i.version, i.language, i.title, l.moment, l.expires_at,
        l.revoked_at, l.created_by, l.created_at
        """

    private static func link(_ row: PostgresRow) throws -> QuestionnaireLink {
        let (id, site, participant, row2, instrument, version, language, title, moment, expires, revoked, by, at) =
            try row.decode(
                (Int, String, String, Int, String, Int, String, String, String, Date, Date?, String, Date).self)
        return QuestionnaireLink(
            id: id, site: site, participant: participant, instrumentRow: row2, instrument: instrument,
            version: version, language: language, title: title,
            moment: QuestionnaireMoment(rawValue: moment) ?? .onRequest, expiresAt: expires, revokedAt: revoked,
            createdBy: by, createdAt: at)
    }

    public func create(
        site: String, participant: String, instrument: Int, moment: QuestionnaireMoment, hours: Int,
        by actor: (name: String, role: String), requestID: String?
    ) async throws -> (token: String, link: QuestionnaireLink)? {
        let token = Secrets.token(prefix: "")
        let logger = database.logger
        let id: Int? = try await database.transaction { connection in
            let inserted = try await connection.query(
                """
                INSERT INTO questionnaire_links (site_id, participant, instrument_id, moment, token_hash, expires_at,
                  created_by)
                SELECT s.id, \(participant), i.id, \(moment.rawValue),
                  encode(sha256(convert_to(\(token), 'UTF8')), 'hex'), now() + \(hours) * interval '1 hour',
                  \(actor.name)
                FROM sites s JOIN instruments i ON i.site_id = s.id WHERE s.name = \(site) AND i.id = \(instrument)
                RETURNING id
                """, logger: logger
            ).collect()
            guard let row = inserted.first else { return nil }
            let id = try row.decode(Int.self)
            try await StudyDatabase.audit(
                on: connection, logger: logger, actor: actor, action: "questionnaire_link.create", site: site,
                participant: participant,
                after: ["link": String(id), "instrument_id": String(instrument), "hours": String(hours)],
                requestID: requestID)
            return id
        }
        guard let id, let link = try await links(site: site, participant: participant).first(where: { $0.id == id })
        else { return nil }
        return (token, link)
    }

    public func links(site: String, participant: String) async throws -> [QuestionnaireLink] {
        try await database.rows(
            """
            SELECT \(unescaped: Self.columns)
            FROM questionnaire_links l JOIN sites s ON s.id = l.site_id JOIN instruments i ON i.id = l.instrument_id
            WHERE s.name = \(site) AND l.participant = \(participant) ORDER BY l.id DESC
            """
        ).map(Self.link)
    }

    public func revoke(
        site: String, participant: String, id: Int, by actor: (name: String, role: String), requestID: String?
    ) async throws -> Bool {
        let logger = database.logger
        return try await database.transaction { connection in
            let revoked = try await connection.query(
                """
                UPDATE questionnaire_links l SET revoked_at = now() FROM sites s
                WHERE s.id = l.site_id AND s.name = \(site) AND l.participant = \(participant) AND l.id = \(id)
                  AND l.revoked_at IS NULL
                RETURNING l.id
                """, logger: logger
            ).collect()
            guard !revoked.isEmpty else { return false }
            try await StudyDatabase.audit(
                on: connection, logger: logger, actor: actor, action: "questionnaire_link.revoke", site: site,
                participant: participant, after: ["link": String(id)], requestID: requestID)
            return true
        }
    }

    public func open(token: String, requestID: String?) async throws -> (link: QuestionnaireLink, instrument: String)? {
        // A token of another shape than `Secrets.token`'s (base64url) is no link: no query is spent on it.
        guard (20...100).contains(token.utf8.count),
            token.utf8.allSatisfy({
                (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 45 || $0 == 95
            })
        else { return nil }
        let logger = database.logger
        return try await database.transaction { connection in
            let found = try await connection.query(
                """
                SELECT \(unescaped: Self.columns), i.content
                FROM questionnaire_links l JOIN sites s ON s.id = l.site_id JOIN instruments i ON i.id = l.instrument_id
                WHERE l.token_hash = encode(sha256(convert_to(\(token), 'UTF8')), 'hex')
                  AND l.revoked_at IS NULL AND l.expires_at > now()
                """, logger: logger
            ).collect()
            guard let row = found.first else { return nil }
            let link = try Self.link(row)
            let content = try row.decode(
                (Int, String, String, Int, String, Int, String, String, String, Date, Date?, String, Date, String).self
            ).13
            // The participant opened it (or whoever holds the link): who is the link, never an address.
            try await StudyDatabase.audit(
                on: connection, logger: logger, actor: ("link \(link.id)", "participant"),
                action: "questionnaire_link.open", site: link.site, participant: link.participant,
                after: ["link": String(link.id)], requestID: requestID)
            return (link, content)
        }
    }

    public func webRows(site: String, participant: String) async throws -> [QuestionnaireRow] {
        let lines = try await database.rows(
            """
            SELECT w.line FROM web_questionnaire_rows w JOIN sites s ON s.id = w.site_id
            WHERE s.name = \(site) AND w.participant = \(participant) ORDER BY w.id
            """
        ).map { try $0.decode(String.self) }
        return try Self.decode(lines)
    }

    /// Lines of questionnaires.csv (no header) read by StudyRecords' codec.
    static func decode(_ lines: [String]) throws -> [QuestionnaireRow] {
        guard !lines.isEmpty else { return [] }
        let text = CSVWriter.headerLine(QuestionnaireRow.columns) + lines.joined()
        return try CSVLogFile<QuestionnaireRow>.decode(Data(text.utf8), file: "web_questionnaire_rows").records
    }

    public func append(_ rows: [QuestionnaireRow], link: QuestionnaireLink) async throws -> Int {
        let logger = database.logger
        return try await database.transaction { connection in
            var stored = 0
            for row in rows {
                let line = CSVWriter.line(row.values(under: QuestionnaireRow.columns))
                let inserted = try await connection.query(
                    """
                    INSERT INTO web_questionnaire_rows (link_id, site_id, participant, administration, record, item, line)
                    SELECT \(link.id), s.id, \(link.participant), \(row.administration), \(row.record.rawValue),
                      \(row.item), \(line)
                    FROM sites s WHERE s.name = \(link.site)
                    ON CONFLICT (site_id, participant, administration, record, item) DO NOTHING
                    RETURNING id
                    """, logger: logger
                ).collect()
                stored += inserted.count
            }
            return stored
        }
    }

    public func forMachines(site: String, device: UUID, after: Int, limit: Int) async throws -> [(
        id: Int, participant: String, line: String
    )] {
        try await database.rows(
            """
            SELECT w.id, w.participant, w.line FROM web_questionnaire_rows w JOIN sites s ON s.id = w.site_id
            WHERE s.name = \(site) AND w.id > \(after) AND w.participant IN (SELECT machine_participants(\(device)))
            ORDER BY w.id LIMIT \(limit)
            """
        ).map { try $0.decode((Int, String, String).self) }
    }
}
