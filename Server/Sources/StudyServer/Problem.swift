// An RFC 9457 problem: every error the API answers is one of these, with one sentence a person can act on.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PostgresNIO

/// A refusal the API answers as `application/problem+json`. `detail` is the one actionable sentence.
public struct Problem: Error, Sendable, Equatable {
    public var status: HTTPResponse.Status
    public var title: String
    public var detail: String
    /// Extra members of the problem object (for a 409: the `key` refused; for a 429: `retry_after`).
    public var extra: [String: String]

    public init(_ status: HTTPResponse.Status, _ title: String, _ detail: String, extra: [String: String] = [:]) {
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra
    }

    static func badRequest(_ detail: String) -> Problem { Problem(.badRequest, "Bad request", detail) }
    static func unauthorized(_ detail: String) -> Problem { Problem(.unauthorized, "Not signed in", detail) }
    static func forbidden(_ detail: String) -> Problem { Problem(.forbidden, "Not allowed", detail) }
    static func notFound(_ detail: String) -> Problem { Problem(.notFound, "Not found", detail) }
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
                "The server cannot reach its database just now: try again in a few seconds (the administrator is told by the server's log).",
                extra: ["retry_after": "5"])
        }
        if error is NIOTooManyBytesError { return from(HTTPError(.contentTooLarge), request: request) }
        if let http = error as? HTTPError {
            switch http.status {
            case .notFound:
                return .notFound(
                    "No route \(request.method) \(request.uri.path) exists: see /api/v1/openapi.json for the API.")
            case .methodNotAllowed:
                return Problem(
                    .methodNotAllowed, "Method not allowed",
                    "\(request.method) is not allowed on \(request.uri.path): see /api/v1/openapi.json for its methods."
                )
            case .contentTooLarge:
                return Problem(
                    .contentTooLarge, "Request too large",
                    "The request body is over the limit of \(ServerConfiguration.maximumBodyBytes) bytes: send it in smaller batches."
                )
            default:
                return Problem(
                    http.status, http.status.reasonPhrase,
                    http.body ?? "The request was refused: check it against /api/v1/openapi.json.")
            }
        }
        return Problem(
            .internalServerError, "Server error",
            "The server failed on this request: try again, and give the administrator its request id if it keeps failing."
        )
    }
}
