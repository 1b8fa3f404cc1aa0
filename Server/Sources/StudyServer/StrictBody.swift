// Reading a JSON request body strictly: bad JSON, an unknown field or a wrong type is a 400 naming the field.
import Foundation
import Hummingbird

/// A request body: `fields` lists every member it may have, so an unknown (misspelt) one is refused, not ignored.
protocol StrictBody: Decodable {
    static var fields: Set<String> { get }
}

extension Request {
    func decodeStrictly<Body: StrictBody>(_ type: Body.Type, context: AppRequestContext) async throws -> Body {
        var request = self
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let data = Data(buffer.readableBytesView)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Problem.badRequest(
                "The request body is not JSON: send one JSON object as described in /api/v1/openapi.json.")
        }
        guard let members = object as? [String: Any] else {
            throw Problem.badRequest("The request body is not a JSON object: send {\"field\": value, …}.")
        }
        if let unknown = members.keys.sorted().first(where: { !Body.fields.contains($0) }) {
            throw Problem.badRequest(
                "The field \"\(unknown)\" is not known here: send only \(Body.fields.sorted().joined(separator: ", "))."
            )
        }
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) {
            throw Problem.badRequest("The field \"\(key.stringValue)\" is missing: add it.")
        } catch DecodingError.typeMismatch(let type, let context) {
            throw Problem.badRequest(
                "The field \"\(Self.path(context))\" has the wrong type: send a \(Self.name(type)).")
        } catch DecodingError.valueNotFound(let type, let context) {
            throw Problem.badRequest("The field \"\(Self.path(context))\" is null: send a \(Self.name(type)).")
        } catch DecodingError.dataCorrupted(let context) {
            throw Problem.badRequest("The field \"\(Self.path(context))\" is not valid: \(context.debugDescription)")
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "string"
        case is Int.Type, is Double.Type: return "number"
        case is Bool.Type: return "boolean"
        case is [Any].Type: return "array"
        default: return "value of the type the API document gives"
        }
    }
}

/// A JSON response with an explicit status (Hummingbird's `EditedResponse` without the generic clutter at call sites).
struct JSONReply<Body: Encodable & Sendable>: ResponseGenerator {
    var status: HTTPResponse.Status = .ok
    var body: Body

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(body)
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
