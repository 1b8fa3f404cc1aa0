// Dashboard pages of a person: sign in and out, change the password, the style sheet.
import Foundation
import HTTPTypes
import Hummingbird
import Localization

struct WebAccountRoutes {
    let accounts: any AccountsRepository
    let audit: any AuditRepository
    let rateLimits: any RateLimitsRepository
    let sessions: any SessionsRepository
    let configuration: ServerConfiguration
    let pages: WebPages

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("static/dashboard.css", use: styleSheet)
        web.get("login", use: signInPage)
        web.post("login", use: signIn)
        web.post("logout", use: signOut)
        web.get("account", use: passwordPage)
        web.get("account/password", use: passwordPage)
        web.post("account/password", use: changePassword)
        web.post("account/language", use: changeLanguage)
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
            try await AccountRoutes.countLoginAttempt(name: name, rateLimits: rateLimits, configuration: configuration)
        } catch let problem as Problem {
            return signInForm(
                context.web, name: name, error: problem.detail(in: context.catalog), status: problem.status)
        }
        guard let account = try await self.accounts.verify(name: name, password: password) else {
            try await self.audit.audit(actor: (name, "unknown"), action: "login.failed", requestID: context.id)
            return signInForm(
                context.web, name: name,
                error: context.catalog.gettext("The name or the password is wrong: check both and try again."),
                status: .unauthorized)
        }
        let token = try await sessions.openSession(for: account, hours: configuration.sessionHours)
        try await self.audit.audit(actor: (account.name, account.role.rawValue), action: "login", requestID: context.id)
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
            try await self.audit.audit(
                actor: (account.name, account.role.rawValue), action: "logout", requestID: context.id)
        }
        return WebPages.redirect(
            "/login",
            extraHeaders: [
                .setCookie: WebCookies.header(
                    name: WebCookies.session, value: "", maxAge: 0, overTLS: context.web?.overTLS ?? false)
            ])
    }

    /// The account page: the pages' language and the password, each its own form.
    @Sendable func passwordPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        return accountPage(account, context: context, page: [:])
    }

    func accountPage(
        _ account: Account, context: AppRequestContext, page: [String: Any], status: HTTPResponse.Status = .ok
    ) -> Response {
        var values = page
        values["minimum"] = AccountPassword.minimumLength
        // Each language in its own name (a reader who cannot read the page's language still finds theirs).
        values["languages"] =
            [
                [
                    "code": "", "name": context.catalog.gettext("The browser's language"),
                    "selected": account.language == nil,
                ]
            ]
            + Language.spoken.map { language in
                ["code": language.rawValue, "name": language.ownName, "selected": account.language == language]
            }
        return pages.render(
            "password", title: context.catalog.gettext("Your account"), page: values, web: context.web, status: status)
    }

    /// The account's language for the dashboard: one of `Language.spoken`, or empty for the browser's. Anything
    /// else is refused (400) naming the field.
    @Sendable func changeLanguage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let code = (context.webForm["language"] ?? "").trimmingCharacters(in: .whitespaces)
        let language: Language?
        if code.isEmpty {
            language = nil
        } else if let spoken = Language(rawValue: code), Language.spoken.contains(spoken) {
            language = spoken
        } else {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The field language is '{code}', a language the dashboard does not speak: choose one of {codes}, or leave it empty for the browser's language.",
                    ["code": String(code.prefix(40)), "codes": Language.spoken.map(\.rawValue).joined(separator: ", ")])
            )
        }
        try await self.accounts.setLanguage(of: account, to: language, requestID: context.id)
        // Shown at once in the language chosen (the browser's when none is).
        var web = context.web
        if let language {
            web?.catalog = pages.catalog(language)
        } else {
            web?.catalog = pages.catalog(acceptLanguage: request.headers[.acceptLanguage])
        }
        web?.session?.account.language = language
        var changed = context
        changed.web = web
        return accountPage(
            web?.session?.account ?? account, context: changed,
            page: ["notice": changed.catalog.gettext("The pages are now shown in the language chosen.")])
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let form = context.webForm
        let new = form["new"] ?? ""
        var page: [String: Any] = [:]
        if new != form["repeat"] {
            page["error"] = context.catalog.gettext("The new password and its repetition differ: type both again.")
        } else {
            do {
                try await self.accounts.changePassword(
                    account: account, current: form["current"] ?? "", new: new, keeping: context.web?.token ?? "",
                    requestID: context.id)
                page["done"] = true
            } catch let refusal as StudyDatabase.Refusal {
                page["error"] = refusal.worded(in: context.catalog)
            }
        }
        return accountPage(account, context: context, page: page, status: page["error"] == nil ? .ok : .badRequest)
    }
}
