// The dashboard's pages: Mustache templates (resources under Web/templates) rendered with every value escaped.
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// The templates and the static files (the style sheet), loaded once at start from the server's resources.
struct WebPages: Sendable {
    let library: MustacheLibrary
    let styleSheet: Data

    static func load() throws -> WebPages {
        guard let templates = Bundle.module.url(forResource: "templates", withExtension: nil),
            let styles = Bundle.module.url(forResource: "static", withExtension: nil)
        else {
            fatalError("The dashboard's templates are missing from the server's resources: the build is broken")
        }
        var library = MustacheLibrary()
        // Every template escapes with DashboardHTML (the pragma is the template's first line, so a layout's blocks
        // and partials inherit it).
        MustacheContentTypes.register(DashboardHTML(), named: DashboardHTML.name)
        for file in try FileManager.default.contentsOfDirectory(atPath: templates.path)
        where file.hasSuffix(".mustache") {
            let text = try String(contentsOf: templates.appendingPathComponent(file), encoding: .utf8)
            try library.register(
                "{{% CONTENT_TYPE: \(DashboardHTML.name) }}\n" + text, named: String(file.dropLast(".mustache".count)))
        }
        let css = try Data(contentsOf: styles.appendingPathComponent("dashboard.css"))
        return WebPages(library: library, styleSheet: css)
    }

    /// The headers of every dashboard response: no inline script or style may run, nothing framed or cached.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "no-referrer",
        .cacheControl: "no-store",
    ]

    /// Renders `template` inside the layout. `page` holds the page's values; the layout's (who is signed in, the
    /// navigation, the CSRF token of the logout form) are added from `web`.
    func render(
        _ template: String, title: String, page: [String: Any], web: WebRequest?, status: HTTPResponse.Status = .ok,
        extraHeaders: HTTPFields = [:]
    ) -> Response {
        var values = page
        values["title"] = title
        if let session = web?.session {
            let role = session.account.role
            values["signedIn"] = [
                "name": session.account.name, "role": role.rawValue, "csrf": session.csrf,
                "isAdmin": role == .admin, "sites": session.account.sites.joined(separator: ", "),
            ]
            values["csrf"] = session.csrf
        }
        let html = library.render(values, withTemplate: template) ?? ""
        var headers = Self.securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        headers.append(contentsOf: extraHeaders)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A 303 to `location` (after a form, so that reloading does not post it again).
    static func redirect(_ location: String, extraHeaders: HTTPFields = [:]) -> Response {
        var headers = securityHeaders
        headers[.location] = location
        headers.append(contentsOf: extraHeaders)
        return Response(status: .seeOther, headers: headers)
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
