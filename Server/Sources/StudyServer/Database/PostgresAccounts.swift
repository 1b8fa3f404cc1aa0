// The accounts in PostgreSQL (`users`, `user_sites`; a change of a password or a disabling ends the account's
// `web_sessions`), every change audited in the same transaction.
import Foundation
import Localization
import Logging
import PostgresNIO

public struct PostgresAccounts: AccountsRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// Adds an account. Returns the generated password when none was given (printed once by the caller).
    public func addUser(
        name: String, role: Role, sites: [String], password: String?,
        by actor: (name: String, role: String) = ("cli", "admin"), requestID: String? = nil
    ) async throws -> String? {
        let name = try AccountName(name).value
        try AccountSites.check(sites, of: role)
        if let password, password.count < AccountPassword.minimumLength {
            throw StudyDatabase.Refusal(
                description:
                    "The password of \(name) is shorter than \(AccountPassword.minimumLength) characters: give a longer one."
            )
        }
        let generated = password == nil ? Secrets.password() : nil
        let hash = await PasswordHashes.hash(password ?? generated!, cost: bcryptCost)
        try await transaction { connection in
            let inserted = try await connection.query(
                "INSERT INTO users (name, role, password_hash) VALUES (\(name), \(role.rawValue), \(hash)) ON CONFLICT (name) DO NOTHING RETURNING id",
                logger: logger
            ).collect()
            guard let id = try inserted.first?.decode(Int.self) else {
                throw StudyDatabase.Refusal(
                    Sentence.gettext("A user named {name} exists already: choose another name.", ["name": name]))
            }
            try await Self.grant(sites, toUser: id, on: connection, logger: logger)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "user.add", site: nil, participant: nil,
                after: ["name": name, "role": role.rawValue, "sites": sites.joined(separator: ",")],
                requestID: requestID)
        }
        return generated
    }

    /// Grants the user `id` each of `sites` inside the caller's transaction; an unknown site refuses it all.
    static func grant(_ sites: [String], toUser id: Int, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        for site in sites {
            let granted = try await connection.query(
                "INSERT INTO user_sites (user_id, site_id) SELECT \(id), id FROM sites WHERE name = \(site) RETURNING site_id",
                logger: logger
            ).collect()
            guard !granted.isEmpty else {
                throw StudyDatabase.Refusal(
                    description:
                        "No site named \(site) exists: add it first (`soundsafari-server site add \(site)`, or the Sites page)."
                )
            }
        }
    }

    /// The account named `name` unless it is unknown or disabled (a disabled account signs in nowhere).
    public func account(named name: String) async throws -> (Account, passwordHash: String)? {
        guard
            let row = try await rows(
                """
                SELECT u.id, u.role, u.password_hash,
                  coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.name IS NOT NULL), '{}')
                FROM users u LEFT JOIN user_sites us ON us.user_id = u.id LEFT JOIN sites s ON s.id = us.site_id
                WHERE u.name = \(name) AND u.disabled_at IS NULL GROUP BY u.id
                """
            ).first
        else { return nil }
        let (id, role, hash, sites) = try row.decode((Int, String, String, [String]).self)
        return (Account(id: id, name: name, role: Role(rawValue: role) ?? .researcher, sites: sites), hash)
    }

    public func users() async throws -> [StudyDatabase.UserSummary] {
        try await rows(
            """
            SELECT u.name, u.role,
              coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.name IS NOT NULL), '{}')
            FROM users u LEFT JOIN user_sites us ON us.user_id = u.id LEFT JOIN sites s ON s.id = us.site_id
            GROUP BY u.id ORDER BY u.name
            """
        ).map {
            let (name, role, sites) = try $0.decode((String, String, [String]).self)
            return StudyDatabase.UserSummary(name: name, role: role, sites: sites)
        }
    }

    /// The account if `password` is its password, nil otherwise (unknown name or wrong password alike).
    public func verify(name: String, password: String) async throws -> Account? {
        guard let (account, hash) = try await account(named: name) else {
            await PasswordHashes.verifyDecoy(password, cost: bcryptCost)
            return nil
        }
        return await PasswordHashes.verify(password, hash: hash) ? account : nil
    }

    /// Changes the signed-in account's own password after checking the current one; the account's other sessions end.
    public func changePassword(
        account: Account, current: String, new: String, keeping token: String, requestID: String?
    ) async throws {
        guard try await verify(name: account.name, password: current) != nil else {
            throw StudyDatabase.Refusal(Sentence.gettext("The current password is wrong: type it again."))
        }
        guard new.count >= AccountPassword.minimumLength else {
            throw StudyDatabase.Refusal(
                Sentence.gettext(
                    "The new password is shorter than {minimum} characters: choose a longer one.",
                    ["minimum": String(AccountPassword.minimumLength)]))
        }
        let hash = await PasswordHashes.hash(new, cost: bcryptCost)
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

    public func accountListing() async throws -> [StudyDatabase.AccountListing] {
        try await rows(
            """
            SELECT u.name, u.role, u.disabled_at IS NOT NULL,
              coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.name IS NOT NULL), '{}')
            FROM users u LEFT JOIN user_sites us ON us.user_id = u.id LEFT JOIN sites s ON s.id = us.site_id
            GROUP BY u.id ORDER BY u.name
            """
        ).map {
            let (name, role, disabled, sites) = try $0.decode((String, String, Bool, [String]).self)
            return StudyDatabase.AccountListing(
                name: name, role: Role(rawValue: role) ?? .researcher, sites: sites, disabled: disabled)
        }
    }

    /// Gives `name` a role and sites (replacing both), with the rules of `user add`; audited with before and after.
    public func setRole(
        of name: String, to role: Role, sites: [String], by actor: (name: String, role: String), requestID: String?
    ) async throws {
        try AccountSites.check(sites, of: role)
        guard let before = try await accountListing().first(where: { $0.name == name }) else {
            throw StudyDatabase.Refusal(
                Sentence.gettext("No user named {name} exists: pick one from the list.", ["name": name]))
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
        let hash = await PasswordHashes.hash(password, cost: bcryptCost)
        try await transaction { connection in
            let updated = try await connection.query(
                "UPDATE users SET password_hash = \(hash) WHERE name = \(name) RETURNING id", logger: logger
            ).collect()
            guard let id = try updated.first?.decode(Int.self) else {
                throw StudyDatabase.Refusal(
                    Sentence.gettext("No user named {name} exists: pick one from the list.", ["name": name]))
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
            throw StudyDatabase.Refusal(Sentence.gettext("You cannot disable your own account: ask another admin."))
        }
        try await transaction { connection in
            let updated = try await connection.query(
                """
                UPDATE users SET disabled_at = CASE WHEN \(disabled) THEN coalesce(disabled_at, now()) END
                WHERE name = \(name) RETURNING id
                """, logger: logger
            ).collect()
            guard let id = try updated.first?.decode(Int.self) else {
                throw StudyDatabase.Refusal(
                    Sentence.gettext("No user named {name} exists: pick one from the list.", ["name": name]))
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
}
