// Around every dashboard page: the cookie's session, the CSRF check of every posted form, errors as HTML pages.
import Foundation
import HTTPTypes
import Hummingbird
import Localization

struct WebMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let sessions: any SessionsRepository
    let pages: WebPages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let cookies = WebCookies.parse(request.headers[.cookie])
        let token = cookies[WebCookies.session]
        var web = WebRequest(
            session: nil, token: token, form: nil,
            overTLS: request.headers[.xForwardedProto]?.lowercased() == "https",
            query: Dictionary(
                request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { a, _ in a }),
            catalog: pages.catalog(acceptLanguage: request.headers[.acceptLanguage])
        )
        do {
            try RequestText.check(request)
            if let token { web.session = try await sessions.webSession(token: token) }
            // The account's own choice comes before the browser's (a shared clinic computer, a browser in English).
            if let chosen = web.session?.account.language { web.catalog = pages.catalog(chosen) }
            if request.method == .post {
                var request = request
                let body = try await request.collectBody(upTo: context.maxUploadSize)
                let form = WebForm(urlEncoded: String(buffer: body))
                try RequestText.check(form)
                // The session's token, or before signing in the sign-in page's cookie: a form from elsewhere has
                // neither, and a form without its field is refused the same way.
                let expected = web.session?.csrf ?? cookies[WebCookies.signIn]
                guard let sent = form["csrf"], let expected, !sent.isEmpty, sent == expected else {
                    throw Problem.forbidden(
                        web.catalog.gettext(
                            "This form did not carry this page's security token (it expired, or came from another site): reload the page and send it again."
                        ))
                }
                web.form = form
            }
            var context = context
            context.web = web
            return try await next(request, context)
        } catch {
            let problem = Problem.from(error, request: request)
            if problem.status == .unauthorized && request.method == .get {
                return WebPages.redirect("/login")
            }
            if problem.status == .internalServerError {
                context.logger.error("page failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            // A database that is away says when to try again, as the API's problem does.
            let retry = problem.extra["retry_after"].map { HTTPFields([HTTPField(name: .retryAfter, value: $0)]) }
            return pages.render(
                "error", title: Self.title(problem, web.catalog),
                page: [
                    "status": Int(problem.status.code), "detail": problem.detail(in: web.catalog),
                    "requestID": context.id,
                ],
                web: web, status: problem.status, extraHeaders: retry ?? [:])
        }
    }
}

extension WebMiddleware {
    /// The error page's title in the page's language: the problem's title is the API's (English, as RFC 9457's
    /// examples), one of a few; a title not among them is shown as it is.
    static func title(_ problem: Problem, _ catalog: MessageCatalog) -> String {
        switch problem.title {
        case "Bad request": catalog.gettext("Bad request")
        case "Not signed in": catalog.gettext("Not signed in")
        case "Not allowed": catalog.gettext("Not allowed")
        case "Not found": catalog.gettext("Not found")
        case "Conflict": catalog.gettext("Conflict")
        case "Database unavailable": catalog.gettext("Database unavailable")
        case "Method not allowed": catalog.gettext("Method not allowed")
        case "Request too large": catalog.gettext("Request too large")
        case "Server error": catalog.gettext("Server error")
        case "Gone": catalog.gettext("Gone")
        case "Too many attempts": catalog.gettext("Too many attempts")
        case "No PDF on this server": catalog.gettext("No PDF on this server")
        default: problem.title
        }
    }
}

extension AppRequestContext {
    /// The signed-in dashboard account if its role is one of `roles`: a 401 (to the sign-in page) or 403 otherwise.
    func webAccount(_ roles: Role...) throws -> Account {
        guard let account = web?.session?.account else {
            throw Problem.unauthorized(Sentence.gettext("Sign in first."))
        }
        guard roles.contains(account.role) else {
            throw Problem.forbidden(
                Sentence.gettext(
                    "A {role} may not open this page: ask someone with the role {roles}.",
                    ["role": account.role.rawValue, "roles": roles.map(\.rawValue).joined(separator: " or ")]))
        }
        return account
    }

    /// The catalog of the page's language (the browser's Accept-Language), for the sentences a route makes.
    var catalog: MessageCatalog { web?.catalog ?? .english }

    /// The posted form (checked by WebMiddleware).
    var webForm: WebForm { web?.form ?? WebForm(urlEncoded: "") }
}

extension HTTPField.Name {
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
