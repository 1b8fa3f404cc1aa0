// The sessions in PostgreSQL (`web_sessions`, and devices' token hashes), so that several instances serve one database.
import Foundation
import Localization
import PostgresNIO

public struct PostgresSessions: SessionsRepository, PostgresPool {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    public func identity(token: String) async throws -> Identity? {
        if token.hasPrefix("ssu_") {
            guard
                let name = try await database.rows(
                    """
                    SELECT u.name FROM web_sessions w JOIN users u ON u.id = w.user_id
                    WHERE w.token_hash = encode(sha256(convert_to(\(token), 'UTF8')), 'hex') AND w.expires_at > now()
                    """
                ).first.map({ try $0.decode(String.self) }),
                let (account, _) = try await PostgresAccounts(database: database).account(named: name)
            else { return nil }
            return .account(account)
        }
        if token.hasPrefix("ssd_") {
            return try await PostgresDevices(database: database).devices(
                where: "d.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')", token
            ).first.map { .device($0) }
        }
        return nil
    }

    /// The CSRF token is the SHA-256 of "csrf:" and the session's token: only the holder of the cookie can know it,
    /// and nothing more is stored.
    public func webSession(token: String) async throws -> WebSession? {
        // One statement (every dashboard page asks it): the session, its account unless disabled, and the account's
        // sites, as `account(named:)` reads them.
        guard token.hasPrefix("ssu_"),
            let row = try await prepared(WebSessionOfToken.self, WebSessionOfToken.query(token: token)).first
        else { return nil }
        let (id, name, role, sites, csrf, expires, language) = try row.decode(
            (Int, String, String, [String], String, Date, String?).self)
        let account = Account(
            id: id, name: name, role: Role(rawValue: role) ?? .researcher, sites: sites,
            language: language.flatMap(Language.init(rawValue:)))
        return WebSession(account: account, csrf: csrf, expiresAt: expires)
    }

    /// The statement of `webSession`, planned once per connection (`PreparedText`): every dashboard page asks it.
    private enum WebSessionOfToken: PreparedText {
        static func query(token: String) -> PostgresQuery {
            """
            SELECT u.id, u.name, u.role,
              coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.name IS NOT NULL), '{}'),
              encode(sha256(convert_to('csrf:' || \(token), 'UTF8')), 'hex'), w.expires_at, u.language
            FROM web_sessions w JOIN users u ON u.id = w.user_id AND u.disabled_at IS NULL
              LEFT JOIN user_sites us ON us.user_id = u.id LEFT JOIN sites s ON s.id = us.site_id
            WHERE w.token_hash = encode(sha256(convert_to(\(token), 'UTF8')), 'hex') AND w.expires_at > now()
            GROUP BY u.id, w.token_hash
            """
        }
        static let sql = query(token: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }

    public func openSession(for account: Account, hours: Int) async throws -> String {
        let token = Secrets.token(prefix: "ssu_")
        try await database.execute(
            """
            INSERT INTO web_sessions (token_hash, user_id, expires_at)
            VALUES (encode(sha256(convert_to(\(token), 'UTF8')), 'hex'), \(account.id), now() + \(hours) * interval '1 hour')
            """)
        return token
    }

    public func closeSession(token: String) async throws {
        try await database.execute(
            "DELETE FROM web_sessions WHERE token_hash = encode(sha256(convert_to(\(token), 'UTF8')), 'hex')")
    }
}
