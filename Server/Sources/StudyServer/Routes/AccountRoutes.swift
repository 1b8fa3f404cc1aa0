// Routes of people: login/logout, who am I, sites, users and the audit trail (admin).
import Foundation
import Hummingbird
import Localization

struct AccountRoutes {
    let sites: any SitesRepository
    let accounts: any AccountsRepository
    let audit: any AuditRepository
    let rateLimits: any RateLimitsRepository
    let sessions: any SessionsRepository
    let configuration: ServerConfiguration

    struct LoginBody: StrictBody {
        static let fields: Set<String> = ["name", "password"]
        var name: String
        var password: String
    }

    struct LoginReply: Encodable, Sendable {
        var token: String
        var name: String
        var role: String
        var sites: [String]
        var expiresInSeconds: Int
        enum CodingKeys: String, CodingKey {
            case token, name, role, sites
            case expiresInSeconds = "expires_in_seconds"
        }
    }

    struct Me: Encodable, Sendable {
        var name: String
        var role: String
        var sites: [String]
    }

    struct SiteBody: StrictBody {
        static let fields: Set<String> = ["name"]
        var name: String
    }

    struct Sites: Encodable, Sendable {
        var sites: [String]
    }

    struct UserBody: StrictBody {
        static let fields: Set<String> = ["name", "role", "sites", "password"]
        var name: String
        var role: String
        var sites: [String]?
        var password: String?
    }

    struct NewUser: Encodable, Sendable {
        var name: String
        var role: String
        var sites: [String]
        /// Only when the server generated it: shown this once.
        var password: String?
    }

    struct Users: Encodable, Sendable {
        var users: [StudyDatabase.UserSummary]
    }

    struct Audit: Encodable, Sendable {
        var rows: [StudyDatabase.AuditRow]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.post("login", use: login)
        api.post("logout", use: logout)
        api.get("me", use: me)
        api.get("sites", use: sites)
        api.post("sites", use: addSite)
        api.get("users", use: users)
        api.post("users", use: addUser)
        api.get("audit", use: audit)
    }

    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> JSONReply<LoginReply> {
        let body = try await request.decodeStrictly(LoginBody.self, context: context)
        try await Self.countLoginAttempt(name: body.name, rateLimits: rateLimits, configuration: configuration)
        guard let account = try await self.accounts.verify(name: body.name, password: body.password) else {
            try await self.audit.audit(actor: (body.name, "unknown"), action: "login.failed", requestID: context.id)
            throw Problem.unauthorized("The name or the password is wrong: check both and try again.")
        }
        let token = try await sessions.openSession(for: account, hours: configuration.sessionHours)
        try await self.audit.audit(actor: (account.name, account.role.rawValue), action: "login", requestID: context.id)
        return JSONReply(
            body: LoginReply(
                token: token, name: account.name, role: account.role.rawValue, sites: account.sites,
                expiresInSeconds: configuration.sessionHours * 3600))
    }

    /// Counts a sign-in attempt for `name` (and for all names): a 429 problem past the limits. The API's login and
    /// the dashboard's sign-in form share these counters.
    static func countLoginAttempt(
        name: String, rateLimits: any RateLimitsRepository, configuration: ServerConfiguration
    )
        async throws
    {
        for (bucket, limit) in [
            ("login:" + name, configuration.loginAttempts), ("login", configuration.loginAttempts * 10),
        ] {
            if let retry = try await rateLimits.countAttempt(
                bucket: bucket, limit: limit, windowSeconds: configuration.rateWindowSeconds)
            {
                throw Problem(
                    .tooManyRequests, "Too many attempts",
                    Sentence.gettext(
                        "Too many sign-in attempts for {name}: wait {seconds} seconds, then try again.",
                        ["name": name, "seconds": String(retry)]),
                    extra: ["retry_after": String(retry)])
            }
        }
    }

    @Sendable func logout(_ request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        _ = try context.account(.admin, .supervisor, .researcher)
        if let header = request.headers[.authorization] {
            try await sessions.closeSession(token: String(header.dropFirst("Bearer ".count)))
        }
        return .noContent
    }

    @Sendable func me(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Me> {
        let account = try context.account(.admin, .supervisor, .researcher)
        return JSONReply(body: Me(name: account.name, role: account.role.rawValue, sites: account.sites))
    }

    @Sendable func sites(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Sites> {
        let account = try context.account(.admin, .supervisor, .researcher)
        return JSONReply(body: Sites(sites: try await self.sites.sites().filter { account.sees(site: $0) }))
    }

    @Sendable func addSite(_ request: Request, context: AppRequestContext) async throws -> JSONReply<SiteBody.Reply> {
        let account = try context.account(.admin)
        let body = try await request.decodeStrictly(SiteBody.self, context: context)
        do {
            try await self.sites.addSite(body.name, by: (account.name, account.role.rawValue), requestID: context.id)
        } catch let refusal as StudyDatabase.Refusal {
            throw refusal.description.hasPrefix("A site named")
                ? Problem.conflict(refusal.description, key: body.name) : Problem.badRequest(refusal.description)
        }
        return JSONReply(status: .created, body: .init(name: body.name))
    }

    @Sendable func users(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Users> {
        _ = try context.account(.admin)
        return JSONReply(body: Users(users: try await self.accounts.users()))
    }

    @Sendable func addUser(_ request: Request, context: AppRequestContext) async throws -> JSONReply<NewUser> {
        let account = try context.account(.admin)
        let body = try await request.decodeStrictly(UserBody.self, context: context)
        guard let role = Role(rawValue: body.role) else {
            throw Problem.badRequest("The role \"\(body.role)\" does not exist: use admin, supervisor or researcher.")
        }
        let sites = body.sites ?? []
        do {
            let generated = try await self.accounts.addUser(
                name: body.name, role: role, sites: sites, password: body.password,
                by: (account.name, account.role.rawValue), requestID: context.id)
            return JSONReply(
                status: .created, body: NewUser(name: body.name, role: role.rawValue, sites: sites, password: generated)
            )
        } catch let refusal as StudyDatabase.Refusal {
            throw refusal.description.hasPrefix("A user named")
                ? Problem.conflict(refusal.description, key: body.name) : Problem.badRequest(refusal.description)
        }
    }

    @Sendable func audit(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Audit> {
        _ = try context.account(.admin)
        var since: Date?
        if let text = request.uri.queryParameters["since"].map(String.init) {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw Problem.badRequest("The parameter since=\(text) is not a date: give it as 2026-11-26T18:00:00Z.")
            }
            since = date
        }
        return JSONReply(body: Audit(rows: try await self.audit.auditRows(since: since)))
    }
}

extension AccountRoutes.SiteBody {
    struct Reply: Encodable, Sendable {
        var name: String
    }
}
