// Around every route: the request id and access log (never an IP address), errors as problem+json, the bearer token.
import Foundation
import Hummingbird
import Logging

/// Answers every error as `application/problem+json` and logs one line per request: id, method, path, status.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let id = context.id
        var response: Response
        do {
            // The dashboard's pages check their own (WebMiddleware), to answer with its error page.
            if request.uri.path.hasPrefix("/api/") { try RequestText.check(request) }
            // A database error thrown below names this request (MissingRow).
            response = try await RequestID.$current.withValue(id) { try await next(request, context) }
            response.headers[.requestID] = id
        } catch {
            let problem = Problem.from(error, request: request)
            if problem.status == .internalServerError || problem.status == .serviceUnavailable {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            response = problem.response(requestID: id)
        }
        // No browser guesses another type than the one sent: pages had it (WebPages.securityHeaders), pictures, the
        // API's JSON and the exports did not.
        response.headers[.xContentTypeOptions] = "nosniff"
        // The access log: the request id (the logger's hb.request.id) stands for the request; the peer's address is
        // never read.
        context.logger.info("\(request.method) \(request.uri.path) \(response.status.code)")
        return response
    }
}

/// Resolves `Authorization: Bearer TOKEN` into the context's identity: an unknown, expired or revoked token is a 401.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let sessions: any SessionsRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let header = request.headers[.authorization] else { return try await next(request, context) }
        guard header.hasPrefix("Bearer "), case let token = String(header.dropFirst(7)), !token.isEmpty else {
            throw Problem.unauthorized(
                "The Authorization header is not 'Bearer TOKEN': send the token from login or enrolment.")
        }
        guard let identity = try await sessions.identity(token: token) else {
            throw Problem.unauthorized("This token is unknown or expired: sign in again (or enrol the machine again).")
        }
        if case .device(let device) = identity, device.revokedAt != nil {
            throw Problem.unauthorized(
                "This device (\(device.id.uuidString.lowercased())) was revoked: ask a supervisor of site \(device.site) for a new enrolment code."
            )
        }
        var context = context
        context.identity = identity
        return try await next(request, context)
    }
}
