// A NUL character in a request's address or form: refused with its field named, before it reaches PostgreSQL.
import Foundation
import Hummingbird
import Localization

/// PostgreSQL's text cannot hold a NUL (`%00`), so a site, session or filter carrying one failed as a 500 wherever it
/// was looked up. Every path segment, query parameter and posted form field is checked once, up front.
enum RequestText {
    /// The first path segment or query parameter of `request` that holds a NUL, as a 400 naming it.
    static func check(_ request: Request) throws {
        let segments = request.uri.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        if let segment = segments.firstIndex(where: { $0.contains("\0") }) {
            throw Problem.badRequest(
                Sentence.gettext(
                    "Part {part} of the address holds a NUL character (%00): remove it from the address.",
                    ["part": String(segment + 1)]))
        }
        // Hummingbird decodes a parameter's value, not its name.
        for (name, value) in request.uri.queryParameters {
            let name = String(name).removingPercentEncoding ?? String(name)
            guard name.contains("\0") || value.contains("\0") else { continue }
            throw Problem.badRequest(
                Sentence.gettext(
                    "The query parameter \"{name}\" holds a NUL character (%00): remove it from the address.",
                    ["name": name.replacingOccurrences(of: "\0", with: "\\0")]))
        }
    }

    /// The first field of a posted form that holds a NUL, as a 400 naming it.
    static func check(_ form: WebForm) throws {
        if let field = form.fields.first(where: { $0.name.contains("\0") || $0.value.contains("\0") }) {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The field {field} holds a NUL character: remove it and send the form again.",
                    ["field": field.name.replacingOccurrences(of: "\0", with: "\\0")]))
        }
    }
}
