// A dashboard form as posted (application/x-www-form-urlencoded) and the cookies of a browser request.
import Foundation
import HTTPTypes
import Hummingbird
import Localization

/// The fields of a posted form, in order; a name may repeat (ticked checkboxes).
public struct WebForm: Sendable {
    public var fields: [(name: String, value: String)]

    /// Reads `name=value&…` with `+` as a space and percent-escapes; a field that does not decode is kept empty.
    public init(urlEncoded text: String) {
        fields = text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    public subscript(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    public func all(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// The field `name`, trimmed, or a 400 naming the field when it is missing or empty.
    func required(_ name: String, label: String) throws -> String {
        let value = (self[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else {
            throw Problem.badRequest(Sentence.gettext("The field {field} is empty: fill it in.", ["field": label]))
        }
        return value
    }
}

/// What WebMiddleware learnt of a dashboard request.
public struct WebRequest: Sendable {
    /// The signed-in browser, nil on the sign-in page.
    public var session: WebSession?
    /// The session cookie's token (to close the session, or keep it when the password changes).
    public var token: String?
    /// The posted form, its CSRF token checked; nil for a GET.
    public var form: WebForm?
    /// Whether the browser reached us over TLS (through the proxy): then cookies are `Secure`.
    public var overTLS: Bool
    /// The query of a GET (a table's page and order; never a participant's ID).
    public var query: [String: String] = [:]
    /// The page's language (the signed-in account's choice, else the browser's Accept-Language, among the catalogs
    /// held) and its catalog: every sentence
    /// of the page is looked up in it for this request (glibc's gettext has one language per process).
    public var catalog: MessageCatalog = .english
}

enum WebCookies {
    static let session = "ss_session"
    /// The sign-in form's CSRF token before any session exists (double submit: cookie and field must agree).
    static let signIn = "ss_signin"

    static func parse(_ header: String?) -> [String: String] {
        guard let header else { return [:] }
        var cookies: [String: String] = [:]
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            cookies[pair[0].trimmingCharacters(in: .whitespaces)] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        return cookies
    }

    /// A `Set-Cookie` value: never readable by scripts, never sent by another site's request, `Secure` over TLS.
    /// `maxAge` 0 removes the cookie.
    static func header(name: String, value: String, maxAge: Int, overTLS: Bool) -> String {
        "\(name)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (overTLS ? "; Secure" : "")
    }
}
