// The checked-in OpenAPI document and the server's routes agree, and the server serves that document.
import Foundation
import Hummingbird
import Logging
import PostgresNIO
import Testing

@testable import StudyServer

@Suite struct OpenAPIDocumentTests {
    /// "METHOD /path/{param}" for every operation of the document.
    static func documentedRoutes() throws -> Set<String> {
        let document = try #require(try JSONSerialization.jsonObject(with: APIDocument.data) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
    }

    /// "METHOD /path/{param}" for every API route the router holds (Hummingbird writes parameters as `:name`); the
    /// dashboard's HTML pages, outside /api/v1, are not part of the API.
    static func serverRoutes() -> Set<String> {
        let url = try! DatabaseURL("postgres://nobody@/none?host=/nonexistent")
        let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: Logger(label: "unused"))
        let router = buildRouter(
            repositories: .postgres(StudyDatabase(client: client, logger: Logger(label: "unused"))),
            configuration: ServerConfiguration(database: url), pages: try! WebPages.load().pages)
        return Set(
            router.routes.filter { "\($0.path)".hasPrefix("/api/v1") || "\($0.path)".hasPrefix("api/v1") }.map {
                route in
                let path = "\(route.path)".split(separator: "/").map { part in
                    part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
                }
                return "\(route.method) /" + path.joined(separator: "/")
            })
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteExists() throws {
        let documented = try Self.documentedRoutes()
        let served = Self.serverRoutes()
        #expect(
            served.subtracting(documented).isEmpty,
            "routes missing from openapi.json: \(served.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(served).isEmpty,
            "documented but not served: \(documented.subtracting(served).sorted())")
    }

    @Test func theServerServesTheCheckedInDocument() async throws {
        try await withServer { server in
            let reply = try await server.call(.get, "/api/v1/openapi.json")
            #expect(reply.status == 200 && reply.contentType == "application/json")
            #expect(Data(reply.text.utf8) == APIDocument.data)
            // The copy served is the file checked in under Sources/StudyServer.
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/StudyServer/openapi.json")
            #expect(try Data(contentsOf: file) == APIDocument.data)
        }
    }
}
