// The dashboard's sign-in over HTTP: cookie attributes, CSRF on every form, CSP, throttling, password change, disable.
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StudyServer

/// A browser without a browser: keeps the cookies the server sets and posts forms.
final class FormClient: @unchecked Sendable {
    let server: Harness
    var cookies: [String: String] = [:]
    var headers: HTTPFields = [:]
    var lastSetCookies: [String] = []

    init(_ server: Harness) { self.server = server }

    struct Page {
        var status: Int
        var html: String
        var headers: HTTPFields
        var bytes: [UInt8] = []
        /// The value of the first hidden `csrf` field of the page.
        var csrf: String? {
            guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
            return String(html[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    func send(_ method: HTTPRequest.Method, _ path: String, form: [(String, String)]? = nil, extra: HTTPFields = [:])
        async throws -> Page
    {
        var fields = headers
        fields.append(contentsOf: extra)
        if !cookies.isEmpty {
            fields[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        var body: ByteBuffer?
        if let form {
            fields[.contentType] = "application/x-www-form-urlencoded"
            let text = form.map { name, value in
                let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
                return "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
            }.joined(separator: "&")
            body = ByteBuffer(string: text)
        }
        return try await server.client.execute(uri: path, method: method, headers: fields, body: body) { response in
            self.lastSetCookies = response.headers[values: .setCookie]
            for header in self.lastSetCookies {
                let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                let name = String(pair[0])
                let value = pair.count > 1 ? String(pair[1]) : ""
                if value.isEmpty || header.contains("Max-Age=0") {
                    self.cookies[name] = nil
                } else {
                    self.cookies[name] = value
                }
            }
            return Page(
                status: Int(response.status.code), html: String(buffer: response.body), headers: response.headers,
                bytes: Array(response.body.readableBytesView))
        }
    }

    /// Signs in through the form, as a browser does: the form's page, then the post with its token.
    @discardableResult
    func signIn(_ name: String, _ password: String) async throws -> Page {
        let form = try await send(.get, "/login")
        return try await send(
            .post, "/login", form: [("csrf", form.csrf ?? ""), ("name", name), ("password", password)])
    }
}

@Suite struct DashboardSessionTests {
    @Test func signingInSetsAStrictHttpOnlyCookieSecureOnlyBehindTLSAndPagesCarryACSP() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let browser = FormClient(server)
            #expect(try await browser.send(.get, "/").status == 303, "a page without a session goes to the sign-in")
            let signedIn = try await browser.signIn("root", testPassword)
            #expect(signedIn.status == 303 && signedIn.headers[.location] == "/")
            let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("ss_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && !cookie.contains("Secure"))
            let overview = try await browser.send(.get, "/")
            #expect(overview.status == 200 && overview.html.contains("Study overview"))
            let csp = try #require(overview.headers[.contentSecurityPolicy])
            #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
            #expect(!overview.html.contains("<script"), "no inline script on any page")

            // Behind a TLS proxy (X-Forwarded-Proto: https) the cookie is Secure.
            let tls = FormClient(server)
            tls.headers[.xForwardedProto] = "https"
            try await tls.signIn("root", testPassword)
            #expect(tls.lastSetCookies.contains { $0.hasPrefix("ss_session=") && $0.contains("; Secure") })

            // Signing out ends the session in PostgreSQL: the old cookie opens nothing.
            let token = try #require(browser.cookies["ss_session"])
            let page = try await browser.send(.get, "/")
            #expect(try await browser.send(.post, "/logout", form: [("csrf", page.csrf ?? "")]).status == 303)
            #expect(try await PostgresSessions(database: server.database).webSession(token: token) == nil)
        }
    }

    @Test func anExpiredSessionSendsTheBrowserBackToTheSignIn() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "sue", role: .researcher, sites: [], password: testPassword)
            let browser = FormClient(server)
            try await browser.signIn("sue", testPassword)
            #expect(try await browser.send(.get, "/").status == 200)
            try await server.database.execute("UPDATE web_sessions SET expires_at = now() - interval '1 second'")
            let expired = try await browser.send(.get, "/")
            #expect(expired.status == 303 && expired.headers[.location] == "/login")
            let posted = try await browser.send(.post, "/account/password", form: [("csrf", "x"), ("new", "y")])
            #expect(posted.status == 403, "a form of an expired session is refused")
        }
    }

    @Test func aFormWithoutItsCSRFTokenIsRefusedAndWritesNothing() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let browser = FormClient(server)
            // The sign-in form itself: without the token (or with another), no session.
            let noToken = try await browser.send(.post, "/login", form: [("name", "root"), ("password", testPassword)])
            #expect(noToken.status == 403 && noToken.html.contains("security token"))
            #expect(browser.cookies["ss_session"] == nil)
            try await browser.signIn("root", testPassword)
            let missing = try await browser.send(.post, "/admin/sites", form: [("name", "A")])
            #expect(missing.status == 403 && missing.html.contains("security token"))
            let wrong = try await browser.send(.post, "/admin/sites", form: [("csrf", "0123abcd"), ("name", "A")])
            #expect(wrong.status == 403)
            #expect(try await server.database.sites.sites().isEmpty)
            let page = try await browser.send(.get, "/admin/sites")
            let added = try await browser.send(.post, "/admin/sites", form: [("csrf", page.csrf ?? ""), ("name", "A")])
            #expect(added.status == 200 && added.html.contains("Added the site A."))
            #expect(try await server.database.sites.sites() == ["A"])
        }
    }

    @Test func signingInIsThrottledPerAccountWithTheAPIsCounters() async throws {
        try await withServer(loginAttempts: 3) { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let browser = FormClient(server)
            for _ in 0..<3 {
                #expect(try await browser.signIn("root", "guess guess guess").status == 401)
            }
            let limited = try await browser.signIn("root", testPassword)
            #expect(limited.status == 429 && limited.html.contains("wait"))
            #expect(browser.cookies["ss_session"] == nil)
            // The API's login counts the same attempts.
            let api = try await server.call(
                .post, "/api/v1/login", json: #"{"name":"root","password":"\#(testPassword)"}"#)
            #expect(api.status == 429)
        }
    }

    @Test func aPasswordChangeNeedsTheCurrentOneAndTheMinimumLengthAndEndsOtherSessions() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "sue", role: .researcher, sites: [], password: testPassword)
            let other = FormClient(server)
            try await other.signIn("sue", testPassword)
            let browser = FormClient(server)
            try await browser.signIn("sue", testPassword)
            var page = try await browser.send(.get, "/account/password")
            let short = try await browser.send(
                .post, "/account/password",
                form: [("csrf", page.csrf ?? ""), ("current", testPassword), ("new", "short"), ("repeat", "short")])
            #expect(short.status == 400 && short.html.contains("shorter than 12 characters"))
            let wrong = try await browser.send(
                .post, "/account/password",
                form: [
                    ("csrf", page.csrf ?? ""), ("current", "not the password"), ("new", "a much longer one"),
                    ("repeat", "a much longer one"),
                ])
            #expect(wrong.status == 400 && wrong.html.contains("current password is wrong"))
            page = try await browser.send(
                .post, "/account/password",
                form: [
                    ("csrf", page.csrf ?? ""), ("current", testPassword), ("new", "a much longer one"),
                    ("repeat", "a much longer one"),
                ])
            #expect(page.status == 200 && page.html.contains("Your password is changed"))
            #expect(try await browser.send(.get, "/").status == 200, "this session stays")
            #expect(try await other.send(.get, "/").status == 303, "the other session ended")
            #expect(try await server.database.accounts.verify(name: "sue", password: "a much longer one") != nil)
            #expect(try await server.database.auditTrail.auditRows(action: "user.password").count == 1)
        }
    }

    @Test func aDisabledAccountSignsInNowhereAndEveryAdminActionIsAudited() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            try await server.database.sites.addSite("A")
            let admin = FormClient(server)
            try await admin.signIn("root", testPassword)
            var page = try await admin.send(.get, "/admin/users")
            page = try await admin.send(
                .post, "/admin/users",
                form: [("csrf", page.csrf ?? ""), ("name", "sam"), ("role", "supervisor"), ("sites", "A")])
            #expect(page.status == 200 && page.html.contains("shown this once"))
            let sam = FormClient(server)
            let generated = try #require(
                page.html.range(of: #"<p class="big"><code>"#).map {
                    String(page.html[$0.upperBound...].prefix { $0 != "<" })
                })
            #expect(try await sam.signIn("sam", generated).status == 303)
            let noSite = try await admin.send(
                .post, "/admin/users/sam/role", form: [("csrf", page.csrf ?? ""), ("role", "supervisor")])
            #expect(noSite.status == 400 && noSite.html.contains("A supervisor needs at least one site"))
            page = try await admin.send(
                .post, "/admin/users/sam/role",
                form: [("csrf", page.csrf ?? ""), ("role", "researcher")])
            #expect(page.html.contains("sam is now researcher"))
            page = try await admin.send(.post, "/admin/users/sam/disable", form: [("csrf", page.csrf ?? "")])
            #expect(page.html.contains("sam is disabled"))
            #expect(try await sam.send(.get, "/").status == 303, "disabling ends the sessions")
            #expect(try await FormClient(server).signIn("sam", generated).status == 401)
            let selfDisable = try await admin.send(
                .post, "/admin/users/root/disable", form: [("csrf", page.csrf ?? "")])
            #expect(selfDisable.status == 400 && selfDisable.html.contains("your own account"))
            page = try await admin.send(.post, "/admin/users/sam/reset-password", form: [("csrf", page.csrf ?? "")])
            page = try await admin.send(.post, "/admin/users/sam/enable", form: [("csrf", page.csrf ?? "")])
            let actions = try await server.database.auditTrail.auditRows(action: "user").map(\.action)
            #expect(
                actions == ["user.add", "user.add", "user.role", "user.disable", "user.reset-password", "user.enable"])
            let role = try #require(try await server.database.auditTrail.auditRows(action: "user.role").first)
            #expect(role.before?.contains("supervisor") == true && role.after?.contains("researcher") == true)
        }
    }
}
