// Bad input gets a 4xx application/problem+json with one sentence and the request id, and writes nothing.
import Foundation
import Testing

@testable import StudyServer

@Suite struct ProblemTests {
    static func expectProblem(
        _ reply: Reply, _ status: Int, mentions: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.contentType == "application/problem+json", sourceLocation: sourceLocation)
        #expect(reply.json["status"] as? Int == status, sourceLocation: sourceLocation)
        #expect(reply.detail.contains(mentions), "\(reply.detail)", sourceLocation: sourceLocation)
        // One sentence: ends with a full stop and has no other sentence end before it.
        #expect(reply.detail.hasSuffix("."), "\(reply.detail)", sourceLocation: sourceLocation)
        #expect(
            reply.json["instance"] as? String == "urn:soundsafari:request:\(reply.requestID ?? "?")",
            sourceLocation: sourceLocation)
    }

    @Test func everyKindOfBadInputIsAProblemAndWritesNothing() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let token = try await server.login("root", testPassword)
            let sitesBefore = try await server.database.sites.sites()

            Self.expectProblem(try await server.call(.get, "/api/v1/nowhere"), 404, mentions: "/api/v1/nowhere")
            Self.expectProblem(
                try await server.call(.post, "/api/v1/sites", token: token, json: "{not json"), 400,
                mentions: "not JSON")
            Self.expectProblem(
                try await server.call(.post, "/api/v1/sites", token: token, json: "[1]"), 400,
                mentions: "not a JSON object")
            Self.expectProblem(
                try await server.call(.post, "/api/v1/sites", token: token, json: #"{"name":"A","colour":"red"}"#), 400,
                mentions: "\"colour\"")
            Self.expectProblem(
                try await server.call(.post, "/api/v1/sites", token: token, json: #"{"name":7}"#), 400,
                mentions: "\"name\" has the wrong type")
            Self.expectProblem(
                try await server.call(.post, "/api/v1/sites", token: token, json: "{}"), 400,
                mentions: "\"name\" is missing")
            Self.expectProblem(
                try await server.call(.post, "/api/v1/sites", token: token, json: #"{"name":"no spaces please"}"#), 400,
                mentions: "not allowed")
            let big = #"{"name":""# + String(repeating: "x", count: ServerConfiguration.maximumBodyBytes) + #""}"#
            Self.expectProblem(
                try await server.call(.post, "/api/v1/sites", token: token, json: big), 413, mentions: "smaller batches"
            )
            Self.expectProblem(
                try await server.call(.get, "/api/v1/sites", token: "ssu_forged"), 401, mentions: "sign in again")
            Self.expectProblem(try await server.call(.get, "/api/v1/users"), 401, mentions: "POST /api/v1/login")
            #expect(try await server.database.sites.sites() == sitesBefore)

            // A site given twice: the second is a 409 naming the key, the first stays.
            #expect(
                try await server.call(.post, "/api/v1/sites", token: token, json: #"{"name":"clinic-a"}"#).status == 201
            )
            let again = try await server.call(.post, "/api/v1/sites", token: token, json: #"{"name":"clinic-a"}"#)
            Self.expectProblem(again, 409, mentions: "clinic-a")
            #expect(again.json["key"] as? String == "clinic-a")
        }
    }
}
