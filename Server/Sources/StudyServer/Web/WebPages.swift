// The dashboard's pages: Mustache templates (resources under Web/templates) rendered with every value escaped.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Mustache

/// The templates and the static files (the style sheet), loaded once at start from the server's resources.
/// A template's text for people is marked `[[…]]` (found by `scripts/po.sh extract` like the code's `gettext`
/// calls, so it is in po/soundsafari.pot); each language the server has a catalog for gets its own copy of the
/// templates with the marked texts replaced by their translations, so a page is looked up per request.
struct WebPages: Sendable {
    /// The templates in each language held (English always).
    let libraries: [Language: MustacheLibrary]
    /// The catalogs held, for the sentences a route makes (titles, alerts, table cells).
    let catalogs: [Language: MessageCatalog]
    let styleSheet: Data

    /// `catalogs`: a folder of compiled catalogs (`scripts/po.sh compile DIR`); nil searches where the game does
    /// (`CatalogFolder`). A language without a catalog there is served in English (`missing` names them).
    static func load(catalogs folder: URL? = nil) throws -> (pages: WebPages, missing: [Language]) {
        guard let templates = Bundle.module.url(forResource: "templates", withExtension: nil),
            let styles = Bundle.module.url(forResource: "static", withExtension: nil)
        else {
            fatalError("The dashboard's templates are missing from the server's resources: the build is broken")
        }
        var catalogs: [Language: MessageCatalog] = [.english: .english]
        var missing: [Language] = []
        for language in Language.spoken where language != .english {
            guard folder.map { CatalogFolder.holdsCatalog($0, for: language) } ?? true,
                let catalog = try? MessageCatalog.load(language, catalogs: folder)
            else {
                missing.append(language)
                continue
            }
            catalogs[language] = catalog
        }
        // Every template escapes with DashboardHTML (the pragma is the template's first line, so a layout's blocks
        // and partials inherit it).
        MustacheContentTypes.register(DashboardHTML(), named: DashboardHTML.name)
        var texts: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: templates.path)
        where file.hasSuffix(".mustache") {
            texts[String(file.dropLast(".mustache".count))] = try String(
                contentsOf: templates.appendingPathComponent(file), encoding: .utf8)
        }
        var libraries: [Language: MustacheLibrary] = [:]
        for (language, catalog) in catalogs {
            var library = MustacheLibrary()
            for (name, text) in texts {
                try library.register(
                    "{{% CONTENT_TYPE: \(DashboardHTML.name) }}\n" + Self.translated(text, catalog), named: name)
            }
            libraries[language] = library
        }
        let css = try Data(contentsOf: styles.appendingPathComponent("dashboard.css"))
        return (WebPages(libraries: libraries, catalogs: catalogs, styleSheet: css), missing)
    }

    /// `text` with each `[[message]]` replaced by its translation. A message is template source (it may hold
    /// `{{value}}` tags and inline HTML such as `<code>`), so its translation is put in as it is: the catalogs are the
    /// project's own files, as the templates are.
    static func translated(_ text: String, _ catalog: MessageCatalog) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            result += rest[..<open.lowerBound]
            result += catalog.translate(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The catalog of the language a browser's Accept-Language asks for, among those held.
    func catalog(acceptLanguage: String?) -> MessageCatalog {
        catalogs[DashboardLanguage.preferred(acceptLanguage, available: Set(catalogs.keys))] ?? .english
    }

    /// The catalog of `language` when the server holds it; English otherwise (as for a browser asking for it).
    func catalog(_ language: Language) -> MessageCatalog { catalogs[language] ?? .english }

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
        let language = web?.catalog.language ?? .english
        values["lang"] = language.rawValue
        if let session = web?.session {
            let role = session.account.role
            values["signedIn"] = [
                "name": session.account.name, "role": role.rawValue, "csrf": session.csrf,
                "isAdmin": role == .admin, "sites": session.account.sites.joined(separator: ", "),
            ]
            values["csrf"] = session.csrf
        }
        let html =
            (libraries[language] ?? libraries[.english])?.render(PageNode(values), withTemplate: template) ?? ""
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
