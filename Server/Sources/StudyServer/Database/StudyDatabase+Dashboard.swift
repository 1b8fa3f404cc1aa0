// What the dashboard reads and writes: browser sessions with their CSRF token, passwords, accounts, devices' last sync.
import Foundation
import HummingbirdBcrypt
import Localization
import PostgresNIO

/// A signed-in browser: its account, the CSRF token every form of the session carries, and when it ends.
public struct WebSession: Sendable {
    public var account: Account
    public var csrf: String
    public var expiresAt: Date
}

extension StudyDatabase {
    /// Changes the signed-in account's own password after checking the current one; the account's other sessions end.
    public func changePassword(
        account: Account, current: String, new: String, keeping token: String, requestID: String?
    ) async throws {
        guard try await verify(name: account.name, password: current) != nil else {
            throw Refusal(Sentence.gettext("The current password is wrong: type it again."))
        }
        guard new.count >= Self.minimumPasswordLength else {
            throw Refusal(
                Sentence.gettext(
                    "The new password is shorter than {minimum} characters: choose a longer one.",
                    ["minimum": String(Self.minimumPasswordLength)]))
        }
        let hash = Bcrypt.hash(new, cost: bcryptCost)
        try await transaction { connection in
            try await connection.query(
                "UPDATE users SET password_hash = \(hash) WHERE id = \(account.id)", logger: logger)
            try await connection.query(
                """
                DELETE FROM web_sessions WHERE user_id = \(account.id)
                  AND token_hash <> encode(sha256(convert_to(\(token), 'UTF8')), 'hex')
                """, logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: (account.name, account.role.rawValue),
                action: "user.password", site: nil, participant: nil, requestID: requestID)
        }
    }

    /// Sets the language of the signed-in account's dashboard pages (nil: its browser's); audited with before and
    /// after like every change of an account.
    public func setLanguage(of account: Account, to language: Language?, requestID: String?) async throws {
        let code = language?.rawValue
        try await transaction { connection in
            try await connection.query("UPDATE users SET language = \(code) WHERE id = \(account.id)", logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: (account.name, account.role.rawValue),
                action: "user.language", site: nil, participant: nil,
                before: ["language": account.language?.rawValue ?? ""], after: ["language": code ?? ""],
                requestID: requestID)
        }
    }

    /// An account as the admin's users page lists it, disabled ones included.
    public struct AccountListing: Sendable, Equatable {
        public var name: String
        public var role: Role
        public var sites: [String]
        public var disabled: Bool
    }

    public func accountListing() async throws -> [AccountListing] {
        try await rows(
            """
            SELECT u.name, u.role, u.disabled_at IS NOT NULL,
              coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.name IS NOT NULL), '{}')
            FROM users u LEFT JOIN user_sites us ON us.user_id = u.id LEFT JOIN sites s ON s.id = us.site_id
            GROUP BY u.id ORDER BY u.name
            """
        ).map {
            let (name, role, disabled, sites) = try $0.decode((String, String, Bool, [String]).self)
            return AccountListing(
                name: name, role: Role(rawValue: role) ?? .researcher, sites: sites, disabled: disabled)
        }
    }

    /// Gives `name` a role and sites (replacing both), with the rules of `user add`; audited with before and after.
    public func setRole(
        of name: String, to role: Role, sites: [String], by actor: (name: String, role: String), requestID: String?
    ) async throws {
        try Self.checkSites(sites, of: role)
        guard let before = try await accountListing().first(where: { $0.name == name }) else {
            throw Refusal(Sentence.gettext("No user named {name} exists: pick one from the list.", ["name": name]))
        }
        try await transaction { connection in
            let id = try await connection.query(
                "UPDATE users SET role = \(role.rawValue) WHERE name = \(name) RETURNING id", logger: logger
            ).collect().one("the account's id").decode(Int.self)
            try await connection.query("DELETE FROM user_sites WHERE user_id = \(id)", logger: logger)
            try await Self.grant(sites, toUser: id, on: connection, logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "user.role", site: nil, participant: nil,
                before: ["name": name, "role": before.role.rawValue, "sites": before.sites.joined(separator: ",")],
                after: ["name": name, "role": role.rawValue, "sites": sites.joined(separator: ",")],
                requestID: requestID)
        }
    }

    /// Gives `name` a new generated password (returned, to be shown once) and ends its sessions; audited.
    public func resetPassword(of name: String, by actor: (name: String, role: String), requestID: String?)
        async throws -> String
    {
        let password = Secrets.password()
        let hash = Bcrypt.hash(password, cost: bcryptCost)
        try await transaction { connection in
            let updated = try await connection.query(
                "UPDATE users SET password_hash = \(hash) WHERE name = \(name) RETURNING id", logger: logger
            ).collect()
            guard let id = try updated.first?.decode(Int.self) else {
                throw Refusal(Sentence.gettext("No user named {name} exists: pick one from the list.", ["name": name]))
            }
            try await connection.query("DELETE FROM web_sessions WHERE user_id = \(id)", logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "user.reset-password", site: nil,
                participant: nil, after: ["name": name], requestID: requestID)
        }
        return password
    }

    /// Disables (or enables again) the account `name`; disabling ends its sessions. An admin cannot disable itself.
    public func setDisabled(
        _ disabled: Bool, user name: String, by actor: (name: String, role: String), requestID: String?
    ) async throws {
        if disabled && name == actor.name {
            throw Refusal(Sentence.gettext("You cannot disable your own account: ask another admin."))
        }
        try await transaction { connection in
            let updated = try await connection.query(
                """
                UPDATE users SET disabled_at = CASE WHEN \(disabled) THEN coalesce(disabled_at, now()) END
                WHERE name = \(name) RETURNING id
                """, logger: logger
            ).collect()
            guard let id = try updated.first?.decode(Int.self) else {
                throw Refusal(Sentence.gettext("No user named {name} exists: pick one from the list.", ["name": name]))
            }
            if disabled {
                try await connection.query("DELETE FROM web_sessions WHERE user_id = \(id)", logger: logger)
            }
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: disabled ? "user.disable" : "user.enable",
                site: nil, participant: nil, after: ["name": name], requestID: requestID)
        }
    }

    /// A site's machines with the time the server last stored an item from each (nil: never synced), kept on the
    /// machine's row by ingest (migration 63).
    public func devicesWithLastSync(site: String) async throws -> [(device: Device, lastSync: Date?)] {
        let last = try await rows(
            """
            SELECT d.id, d.last_sync_at FROM devices d JOIN sites s ON s.id = d.site_id WHERE s.name = \(site)
            """
        ).reduce(into: [UUID: Date]()) { result, row in
            let (id, date) = try row.decode((UUID, Date?).self)
            result[id] = date
        }
        return try await devices(site: site).map { ($0, last[$0.id]) }
    }
}

// MARK: A site's participants, from the projection tables

extension StudyDatabase {
    /// One row of a site's participants table.
    public struct ParticipantListing: Sendable, Equatable {
        public var participant: String
        public var sessionsCompleted: Int
        public var sessionsStarted: Int
        public var trials: Int
        public var lastSession: Date?
        public var plan: String?
    }

    /// How the participants table is ordered (the only orders offered, so no column name comes from a request).
    public enum ParticipantOrder: String, Sendable, CaseIterable {
        case participant, sessions, last

        var sql: String {
            switch self {
            case .participant: return "p.participant"
            case .sessions: return "count(s.session_id) FILTER (WHERE s.completed) DESC, p.participant"
            case .last: return "max(s.started_at) DESC NULLS LAST, p.participant"
            }
        }
    }

    /// A page of `site`'s participants (registered or with a session), ordered, with the total count; paginated in
    /// PostgreSQL so that a site of thousands sends one page.
    public func participants(site: String, order: ParticipantOrder, offset: Int, limit: Int) async throws
        -> (rows: [ParticipantListing], total: Int)
    {
        guard let siteID = try await siteID(site) else { return ([], 0) }
        let found = try await rows(
            """
            WITH p AS (SELECT participant FROM participants WHERE site_id = \(siteID)
                       UNION SELECT participant FROM sessions WHERE site_id = \(siteID))
            SELECT p.participant, count(s.session_id) FILTER (WHERE s.completed), count(s.session_id),
              coalesce(sum(s.trial_count), 0)::int, max(s.started_at),
              (SELECT pl.name FROM plans pl WHERE pl.site_id = \(siteID) AND pl.participant = p.participant
               ORDER BY pl.assigned_at DESC LIMIT 1),
              count(*) OVER ()
            FROM p LEFT JOIN sessions s ON s.site_id = \(siteID) AND s.participant = p.participant
            GROUP BY p.participant ORDER BY \(unescaped: order.sql) LIMIT \(limit) OFFSET \(offset)
            """)
        var total = 0
        let listing = try found.map { row in
            let (participant, completed, started, trials, last, plan, count) = try row.decode(
                (String, Int, Int, Int, Date?, String?, Int).self)
            total = count
            return ParticipantListing(
                participant: participant, sessionsCompleted: completed, sessionsStarted: started, trials: trials,
                lastSession: last, plan: plan)
        }
        if listing.isEmpty && offset > 0 {
            total = try await participants(site: site, order: order, offset: 0, limit: 1).total
        }
        return (listing, total)
    }
}

extension StudyDatabase {
    /// A site's participants (registered or with a session) and its sessions started this week (from Monday, UTC).
    public func siteCounts(site: String) async throws -> (participants: Int, sessionsThisWeek: Int) {
        guard let siteID = try await siteID(site) else { return (0, 0) }
        let row = try await rows(
            """
            SELECT (SELECT count(*)::int FROM (SELECT participant FROM participants WHERE site_id = \(siteID)
                      UNION SELECT participant FROM sessions WHERE site_id = \(siteID)) p),
                   (SELECT count(*)::int FROM sessions WHERE site_id = \(siteID)
                      AND started_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
            """
        ).one("the site's counts")
        return try row.decode((Int, Int).self)
    }
}
