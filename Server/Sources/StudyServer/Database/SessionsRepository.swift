// Who a request is: a bearer token's account or device, a cookie's browser session; signing in opens a session and
// signing out closes it. The middlewares and the sign-in routes take this protocol, not the database.
import Foundation

public protocol SessionsRepository: Sendable {
    /// Who a bearer token belongs to: a live web session's account or an enrolled device (revoked or not).
    func identity(token: String) async throws -> Identity?
    /// The browser session of a cookie's token, nil when unknown, expired or its account disabled.
    func webSession(token: String) async throws -> WebSession?
    /// A new session of `account` for `hours`; its token is returned once, only its hash is kept.
    func openSession(for account: Account, hours: Int) async throws -> String
    func closeSession(token: String) async throws
}

/// A signed-in browser: its account, the CSRF token every form of the session carries, and when it ends.
public struct WebSession: Sendable {
    public var account: Account
    public var csrf: String
    public var expiresAt: Date
}
