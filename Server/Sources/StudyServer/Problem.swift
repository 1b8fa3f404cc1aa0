// An RFC 9457 problem: every error the API answers is one of these, with one sentence a person can act on.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import PostgresNIO

/// A refusal the API answers as `application/problem+json`. `detail` is the one actionable sentence, in English for
/// the API (programs read it, whatever language their user speaks; docs/SERVER.md); a refusal a dashboard page may
/// show keeps it as a `Sentence` too, which the error page words in the page's language.
public struct Problem: Error, Sendable, Equatable {
    public var status: HTTPResponse.Status
    public var title: String
    public var detail: String
    /// `detail` still to be worded, when the refusal was made as a marked sentence.
    public var sentence: Sentence?
    /// Extra members of the problem object (for a 409: the `key` refused; for a 429: `retry_after`).
    public var extra: [String: String]

    public init(_ status: HTTPResponse.Status, _ title: String, _ detail: String, extra: [String: String] = [:]) {
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra
    }

    public init(_ status: HTTPResponse.Status, _ title: String, _ sentence: Sentence, extra: [String: String] = [:]) {
        self.init(status, title, sentence.english, extra: extra)
        self.sentence = sentence
    }

    /// The sentence in `catalog`'s language (a dashboard page's); `detail` when it was made as plain text.
    func detail(in catalog: MessageCatalog) -> String { sentence?.worded(in: catalog) ?? detail }

    static func badRequest(_ sentence: Sentence) -> Problem { Problem(.badRequest, "Bad request", sentence) }
    static func unauthorized(_ sentence: Sentence) -> Problem { Problem(.unauthorized, "Not signed in", sentence) }
    static func forbidden(_ sentence: Sentence) -> Problem { Problem(.forbidden, "Not allowed", sentence) }
    static func notFound(_ sentence: Sentence) -> Problem { Problem(.notFound, "Not found", sentence) }

    static func badRequest(_ detail: String) -> Problem { Problem(.badRequest, "Bad request", detail) }
    static func unauthorized(_ detail: String) -> Problem { Problem(.unauthorized, "Not signed in", detail) }
    static func forbidden(_ detail: String) -> Problem { Problem(.forbidden, "Not allowed", detail) }
    static func notFound(_ detail: String) -> Problem { Problem(.notFound, "Not found", detail) }

    /// 410: `participant` of `site` was deleted and nothing reaches them again; `then` says what the reader can do.
    static func participantDeleted(_ participant: String, site: String, then: String) -> Problem {
        Problem(
            .gone, "Gone",
            "The participant \(participant) of site \(site) was deleted, and an ID is never taken back: \(then)")
    }
    static func conflict(_ detail: String, key: String) -> Problem {
        Problem(.conflict, "Conflict", detail, extra: ["key": key])
    }

    /// The response body: type, title, status, detail, instance (the request id), then the extras.
    func body(requestID: String) -> Data {
        var object: [String: Any] = [
            "type": "about:blank", "title": title, "status": Int(status.code), "detail": detail,
            "instance": "urn:soundsafari:request:\(requestID)",
        ]
        for (key, value) in extra { object[key] = value }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    func response(requestID: String) -> Response {
        var headers: HTTPFields = [.contentType: "application/problem+json", .requestID: requestID]
        if let retry = extra["retry_after"] { headers[.retryAfter] = retry }
        return Response(
            status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body(requestID: requestID))))
    }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("X-Request-Id")!
}

extension Problem {
    /// Errors of a connection to the database that went away (a restart, a stop): the request may be tried again.
    static let databaseLost: [PSQLError.Code] = [
        .connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed, .clientClosedConnection,
    ]

    /// The problem for an error thrown by Hummingbird itself or by the database, never leaking internals.
    static func from(_ error: any Error, request: Request) -> Problem {
        if let problem = error as? Problem { return problem }
        if error is DatabaseAway || (error as? PSQLError).map({ databaseLost.contains($0.code) }) == true {
            return Problem(
                .serviceUnavailable, "Database unavailable",
                Sentence.gettext(
                    "The server cannot reach its database just now: try again in a few seconds (the administrator is told by the server's log)."
                ),
                extra: ["retry_after": "5"])
        }
        if error is NIOTooManyBytesError { return from(HTTPError(.contentTooLarge), request: request) }
        if let http = error as? HTTPError {
            switch http.status {
            case .notFound:
                return .notFound(
                    Sentence.gettext(
                        "No route {method} {path} exists: see /api/v1/openapi.json for the API.",
                        ["method": "\(request.method)", "path": request.uri.path]))
            case .methodNotAllowed:
                return Problem(
                    .methodNotAllowed, "Method not allowed",
                    Sentence.gettext(
                        "{method} is not allowed on {path}: see /api/v1/openapi.json for its methods.",
                        ["method": "\(request.method)", "path": request.uri.path]))
            case .contentTooLarge:
                return Problem(
                    .contentTooLarge, "Request too large",
                    Sentence.gettext(
                        "The request body is over the limit of {bytes} bytes: send it in smaller batches.",
                        ["bytes": String(ServerConfiguration.maximumBodyBytes)]))
            default:
                return Problem(
                    http.status, http.status.reasonPhrase,
                    http.body ?? "The request was refused: check it against /api/v1/openapi.json.")
            }
        }
        return Problem(
            .internalServerError, "Server error",
            Sentence.gettext(
                "The server failed on this request: try again, and give the administrator its request id if it keeps failing."
            ))
    }
}
