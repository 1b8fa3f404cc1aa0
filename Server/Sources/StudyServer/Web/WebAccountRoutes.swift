// Dashboard pages of a person: sign in and out, change the password, the style sheet.
import Foundation
import HTTPTypes
import Hummingbird
import Localization

struct WebAccountRoutes {
    let database: StudyDatabase
    let sessions: any SessionsRepository
    let configuration: ServerConfiguration
    let pages: WebPages

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("static/dashboard.css", use: styleSheet)
        web.get("login", use: signInPage)
        web.post("login", use: signIn)
        web.post("logout", use: signOut)
        web.get("account/password", use: passwordPage)
        web.post("account/password", use: changePassword)
    }

    @Sendable func styleSheet(_ request: Request, context: AppRequestContext) async throws -> Response {
        var headers = WebPages.securityHeaders
        headers[.contentType] = "text/css; charset=utf-8"
        headers[.cacheControl] = "max-age=300"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: pages.styleSheet)))
    }

    /// The sign-in form; its CSRF token is a fresh random cookie the form repeats (no session exists yet).
    func signInForm(_ web: WebRequest?, name: String = "", error: String? = nil, status: HTTPResponse.Status = .ok)
        -> Response
    {
        let overTLS = web?.overTLS ?? false
        let csrf = Secrets.token(prefix: "")
        var page: [String: Any] = ["csrf": csrf, "name": name]
        if let error { page["error"] = error }
        // Signed out: no navigation, but the page in the browser's language.
        var anonymous = web
        anonymous?.session = nil
        let catalog = web?.catalog ?? .english
        return pages.render(
            "login", title: catalog.gettext("Sign in"), page: page, web: anonymous,
            status: status,
            extraHeaders: [
                .setCookie: WebCookies.header(name: WebCookies.signIn, value: csrf, maxAge: 3600, overTLS: overTLS)
            ])
    }

    @Sendable func signInPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        if context.web?.session != nil { return WebPages.redirect("/") }
        return signInForm(context.web)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = context.webForm
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = form["password"] ?? ""
        do {
            try await AccountRoutes.countLoginAttempt(name: name, database: database, configuration: configuration)
        } catch let problem as Problem {
            return signInForm(context.web, name: name, error: problem.detail, status: problem.status)
        }
        guard let account = try await database.verify(name: name, password: password) else {
            try await database.audit(actor: (name, "unknown"), action: "login.failed", requestID: context.id)
            return signInForm(
                context.web, name: name,
                error: context.catalog.gettext("The name or the password is wrong: check both and try again."),
                status: .unauthorized)
        }
        let token = try await sessions.openSession(for: account, hours: configuration.sessionHours)
        try await database.audit(actor: (account.name, account.role.rawValue), action: "login", requestID: context.id)
        let overTLS = context.web?.overTLS ?? false
        var headers = HTTPFields()
        headers.append(
            HTTPField(
                name: .setCookie,
                value: WebCookies.header(
                    name: WebCookies.session, value: token, maxAge: configuration.sessionHours * 3600, overTLS: overTLS)
            ))
        headers.append(
            HTTPField(
                name: .setCookie,
                value: WebCookies.header(name: WebCookies.signIn, value: "", maxAge: 0, overTLS: overTLS)))
        return WebPages.redirect("/", extraHeaders: headers)
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let token = context.web?.token { try await sessions.closeSession(token: token) }
        if let account = context.web?.session?.account {
            try await database.audit(
                actor: (account.name, account.role.rawValue), action: "logout", requestID: context.id)
        }
        return WebPages.redirect(
            "/login",
            extraHeaders: [
                .setCookie: WebCookies.header(
                    name: WebCookies.session, value: "", maxAge: 0, overTLS: context.web?.overTLS ?? false)
            ])
    }

    @Sendable func passwordPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.webAccount(.admin, .supervisor, .researcher)
        return pages.render(
            "password", title: context.catalog.gettext("Change your password"),
            page: ["minimum": StudyDatabase.minimumPasswordLength],
            web: context.web)
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let form = context.webForm
        let new = form["new"] ?? ""
        var page: [String: Any] = ["minimum": StudyDatabase.minimumPasswordLength]
        if new != form["repeat"] {
            page["error"] = context.catalog.gettext("The new password and its repetition differ: type both again.")
        } else {
            do {
                try await database.changePassword(
                    account: account, current: form["current"] ?? "", new: new, keeping: context.web?.token ?? "",
                    requestID: context.id)
                page["done"] = true
            } catch let refusal as StudyDatabase.Refusal {
                page["error"] = refusal.description
            }
        }
        return pages.render(
            "password", title: context.catalog.gettext("Change your password"), page: page, web: context.web,
            status: page["error"] == nil ? .ok : .badRequest)
    }
}
