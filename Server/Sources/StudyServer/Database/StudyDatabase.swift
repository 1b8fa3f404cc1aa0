// The server's state in PostgreSQL: the one place SQL is written; the API and the command line both go through it.
import Foundation
import HummingbirdBcrypt
import Localization
import Logging
import PostgresNIO

public struct StudyDatabase: Sendable {
    public let client: PostgresClient
    let logger: Logger
    /// bcrypt's cost for new passwords (tests use the minimum, 4, to stay fast; a login checks any cost).
    let bcryptCost: UInt8
    /// How long a statement waits for a connection (`leaseTimeout`, 2 s; `set-up` waits longer).
    let leaseWait: Duration

    public init(
        client: PostgresClient, logger: Logger, bcryptCost: UInt8 = 12, leaseWait: Duration = StudyDatabase.leaseTimeout
    ) {
        self.client = client
        self.logger = logger
        self.bcryptCost = bcryptCost
        self.leaseWait = leaseWait
    }

    /// Runs `body` with a client for `url`, the client's connection pool running meanwhile (the command line's way).
    public static func with<T: Sendable>(
        _ url: DatabaseURL, logger: Logger, bcryptCost: UInt8 = 12, leaseWait: Duration = StudyDatabase.leaseTimeout,
        _ body: @Sendable (StudyDatabase) async throws -> T
    ) async throws -> T {
        let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(
                StudyDatabase(client: client, logger: logger, bcryptCost: bcryptCost, leaseWait: leaseWait))
        }
    }

    @discardableResult
    public func migrate() async throws -> [String] {
        try await Migrations.apply(on: self, logger: logger)
    }

    /// The newest migration applied (the health route's `schema`).
    public func schemaVersion() async throws -> Int {
        try await rows("SELECT coalesce(max(version), 0) FROM schema_migrations").one("the schema's version")
            .decode(Int.self)
    }

    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { [logger] in try await $0.query(query, logger: logger).collect() }
    }

    func execute(_ query: PostgresQuery) async throws {
        try await withConnection { [logger] in _ = try await $0.query(query, logger: logger) }
    }

    /// Runs `body` in a transaction; what `body` throws (a `Problem`, a `Refusal`) comes out as itself, the
    /// transaction rolled back, rather than wrapped in postgres-nio's `PostgresTransactionError`.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> sending T) async throws -> T {
        do {
            return try await withConnection { [logger] in
                try await $0.withTransaction(logger: logger) { try await body($0) }
            }
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError, error.rollbackError == nil { throw inner }
            throw error
        }
    }
}

// MARK: Sites and accounts

extension StudyDatabase {
    /// A change refused, in one sentence: English for the command line and the API, worded in the page's
    /// language on the dashboard (`worded(in:)`).
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var sentence: Sentence

        init(_ sentence: Sentence) { self.sentence = sentence }
        /// A sentence in no catalog: the administrator's set-up refusals, or one already in the page's language.
        init(description: String) { sentence = .verbatim(description) }

        public var description: String { sentence.english }
        func worded(in catalog: MessageCatalog) -> String { sentence.worded(in: catalog) }
    }

    public func addSite(
        _ name: String, by actor: (name: String, role: String) = ("cli", "admin"), requestID: String? = nil
    ) async throws {
        let name = try SiteName(name).value
        let inserted = try await rows(
            "INSERT INTO sites (name) VALUES (\(name)) ON CONFLICT (name) DO NOTHING RETURNING id")
        guard !inserted.isEmpty else {
            throw Refusal(Sentence.gettext("A site named {name} exists already: choose another name.", ["name": name]))
        }
        try await audit(actor: actor, action: "site.add", site: name, requestID: requestID)
    }

    public func sites() async throws -> [String] {
        try await rows("SELECT name FROM sites ORDER BY name").map { try $0.decode(String.self) }
    }

    func siteID(_ name: String) async throws -> Int? {
        try await rows("SELECT id FROM sites WHERE name = \(name)").first.map { try $0.decode(Int.self) }
    }

    /// Adds an account. Returns the generated password when none was given (printed once by the caller).
    public func addUser(
        name: String, role: Role, sites: [String], password: String?,
        by actor: (name: String, role: String) = ("cli", "admin"), requestID: String? = nil
    ) async throws -> String? {
        let name = try AccountName(name).value
        try Self.checkSites(sites, of: role)
        if let password, password.count < Self.minimumPasswordLength {
            throw Refusal(
                description:
                    "The password of \(name) is shorter than \(Self.minimumPasswordLength) characters: give a longer one."
            )
        }
        let generated = password == nil ? Secrets.password() : nil
        let hash = Bcrypt.hash(password ?? generated!, cost: bcryptCost)
        try await transaction { connection in
            let inserted = try await connection.query(
                "INSERT INTO users (name, role, password_hash) VALUES (\(name), \(role.rawValue), \(hash)) ON CONFLICT (name) DO NOTHING RETURNING id",
                logger: logger
            ).collect()
            guard let id = try inserted.first?.decode(Int.self) else {
                throw Refusal(
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

    /// The one rule of an account's sites (at `user add` and when the dashboard changes a role).
    static func checkSites(_ sites: [String], of role: Role) throws {
        if role == .supervisor && sites.isEmpty {
            throw Refusal(Sentence.gettext("A supervisor needs at least one site: give one (--site NAME, or tick it)."))
        }
        if role == .admin && !sites.isEmpty {
            throw Refusal(Sentence.gettext("An admin has every site: give none."))
        }
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
                throw Refusal(
                    description:
                        "No site named \(site) exists: add it first (`soundsafari-server site add \(site)`, or the Sites page)."
                )
            }
        }
    }

    /// The shortest password an account may have (given at `user add`, changed, or typed on the dashboard).
    public static let minimumPasswordLength = 12

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

    public struct UserSummary: Codable, Sendable, Equatable {
        public var name: String
        public var role: String
        public var sites: [String]
    }

    public func users() async throws -> [UserSummary] {
        try await rows(
            """
            SELECT u.name, u.role,
              coalesce(array_agg(s.name ORDER BY s.name) FILTER (WHERE s.name IS NOT NULL), '{}')
            FROM users u LEFT JOIN user_sites us ON us.user_id = u.id LEFT JOIN sites s ON s.id = us.site_id
            GROUP BY u.id ORDER BY u.name
            """
        ).map {
            let (name, role, sites) = try $0.decode((String, String, [String]).self)
            return UserSummary(name: name, role: role, sites: sites)
        }
    }
}

// MARK: Web sessions (kept in PostgreSQL so that several instances serve one database)

extension StudyDatabase {
    /// A bcrypt hash of nothing anyone types: checked when the name is unknown so that both answers take as long.
    static let decoyHash = Bcrypt.hash("decoy password that matches nothing", cost: 12)

    /// The account if `password` is its password, nil otherwise (unknown name or wrong password alike).
    public func verify(name: String, password: String) async throws -> Account? {
        guard let (account, hash) = try await account(named: name) else {
            _ = Bcrypt.verify(password, hash: Self.decoyHash)
            return nil
        }
        return Bcrypt.verify(password, hash: hash) ? account : nil
    }

}

// MARK: Devices and enrolment

extension StudyDatabase {
    /// A one-time code for `site`, valid 24 hours; only its hash is stored.
    public func enrolmentCode(site: String, by actor: (name: String, role: String), requestID: String? = nil)
        async throws -> (String, Date)
    {
        guard let siteID = try await siteID(site) else {
            throw Refusal(
                description: "No site named \(site) exists: add it first with `soundsafari-server site add \(site)`.")
        }
        let code = Secrets.enrolmentCode()
        let expires = try await rows(
            """
            INSERT INTO enrolment_codes (code_hash, site_id, created_by, expires_at)
            VALUES (encode(sha256(convert_to(\(code), 'UTF8')), 'hex'), \(siteID), \(actor.name), now() + interval '24 hours')
            RETURNING expires_at
            """
        ).one("the enrolment code's expiry").decode(Date.self)
        try await audit(actor: actor, action: "device.code", site: site, requestID: requestID)
        return (code, expires)
    }

    public enum EnrolmentOutcome: Sendable {
        case enrolled(Device, token: String)
        case unknown, used, expired
    }

    /// Exchanges a code for a new device and its token, once: the code is marked used in the same transaction.
    public func enrol(code: String, name: String, requestID: String?) async throws -> EnrolmentOutcome {
        let code = Secrets.normalisedCode(code)
        return try await transaction { connection in
            let found = try await connection.query(
                """
                SELECT e.code_hash, e.site_id, s.name, e.used_at IS NOT NULL, e.expires_at <= now()
                FROM enrolment_codes e JOIN sites s ON s.id = e.site_id
                WHERE e.code_hash = encode(sha256(convert_to(\(code), 'UTF8')), 'hex') FOR UPDATE
                """, logger: logger
            ).collect()
            guard let row = found.first else { return .unknown }
            let (hash, siteID, site, used, expired) = try row.decode((String, Int, String, Bool, Bool).self)
            if used { return .used }
            if expired { return .expired }
            let id = UUID()
            let token = Secrets.token(prefix: "ssd_")
            let enrolled = try await connection.query(
                """
                INSERT INTO devices (id, site_id, name, token_hash)
                VALUES (\(id), \(siteID), \(name), encode(sha256(convert_to(\(token), 'UTF8')), 'hex'))
                RETURNING enrolled_at
                """, logger: logger
            ).collect().one("the device's enrolment").decode(Date.self)
            try await connection.query(
                "UPDATE enrolment_codes SET used_at = now(), device_id = \(id) WHERE code_hash = \(hash)",
                logger: logger)
            let device = Device(id: id, site: site, name: name, enrolledAt: enrolled, revokedAt: nil)
            try await Self.audit(
                on: connection, logger: logger, actor: Identity.device(device).actor, action: "device.enrol",
                site: site, participant: nil, after: ["name": name], requestID: requestID)
            return .enrolled(device, token: token)
        }
    }

    public func devices(site: String?) async throws -> [Device] {
        if let site { return try await devices(where: "s.name = $1", site) }
        return try await devices(where: "true", nil)
    }

    public func device(id: UUID) async throws -> Device? {
        try await devices(where: "d.id = $1::uuid", id.uuidString).first
    }

    func devices(where condition: String, _ argument: String?) async throws -> [Device] {
        var bindings = PostgresBindings()
        if let argument { bindings.append(argument) }
        let query = PostgresQuery(
            unsafeSQL: """
                SELECT d.id, s.name, d.name, d.enrolled_at, d.revoked_at FROM devices d JOIN sites s ON s.id = d.site_id
                WHERE \(condition) ORDER BY d.enrolled_at, d.id
                """, binds: bindings)
        return try await rows(query).map {
            let (id, site, name, enrolled, revoked) = try $0.decode((UUID, String, String, Date, Date?).self)
            return Device(id: id, site: site, name: name, enrolledAt: enrolled, revokedAt: revoked)
        }
    }

    /// Revokes a device's token (kept, so that what it sent stays attributed). False when it was revoked already.
    public func revoke(device id: UUID, by actor: (name: String, role: String), requestID: String? = nil) async throws
        -> Bool
    {
        let revoked = try await rows(
            """
            UPDATE devices d SET revoked_at = now() FROM sites s
            WHERE d.id = \(id) AND d.revoked_at IS NULL AND s.id = d.site_id RETURNING s.name
            """)
        guard let site = try revoked.first?.decode(String.self) else { return false }
        try await audit(
            actor: actor, action: "device.revoke", site: site, after: ["device": id.uuidString.lowercased()],
            requestID: requestID)
        return true
    }
}
