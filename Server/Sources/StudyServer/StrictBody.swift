// Reading a JSON request body strictly: bad JSON, an unknown or repeated field, a wrong type or a NUL is a 400 naming the field.
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
        if let finding = JSONTextCheck.firstFinding(in: data) { throw Problem.badRequest(finding.sentence) }
        // One pass of JSONDecoder: the members are checked against `fields` by `Strict` before the body is decoded
        // from the same decoder (a sync batch of 1,000 rows was parsed twice before: JSONSerialization, then this).
        do {
            return try JSONDecoder().decode(Strict<Body>.self, from: data).body
        } catch let unknown as UnknownField {
            throw Problem.badRequest(
                "The field \"\(unknown.name)\" is not known here: send only \(Body.fields.sorted().joined(separator: ", "))."
            )
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw Problem.badRequest(
                "The request body is not JSON: send one JSON object as described in /api/v1/openapi.json.")
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw Problem.badRequest("The request body is not a JSON object: send {\"field\": value, …}.")
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

/// A strict body: its object's members, all known, then the body itself, decoded from the one decoder.
private struct Strict<Body: StrictBody>: Decodable {
    var body: Body

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: Member.self)
        if let unknown = members.allKeys.map(\.stringValue).sorted().first(where: { !Body.fields.contains($0) }) {
            throw UnknownField(name: unknown)
        }
        body = try Body(from: decoder)
    }

    /// Any member name.
    struct Member: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A member `Strict` found that the body does not know.
private struct UnknownField: Error {
    var name: String
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
