// Every API route × every kind of caller: the status each gets, and site boundaries that reveal nothing.
import Foundation
import HTTPTypes
import StudyRecords
import Testing

@testable import StudyServer

@Suite struct RoleMatrixTests {
    enum Caller: String, CaseIterable, Sendable {
        case anonymous, admin, supervisorNorth, supervisorSouth, researcherNorth, researcherAll, deviceNorth,
            revokedDevice
        static let accounts: [Caller] = [.admin, .supervisorNorth, .supervisorSouth, .researcherNorth, .researcherAll]
    }

    /// One request: the documented route it exercises, how to make its path and body, and each caller's status.
    struct Case: Sendable {
        var route: String
        var path: @Sendable (Harness) async throws -> String
        var body: @Sendable (Harness) async throws -> String? = { _ in nil }
        var expected: [Caller: Int]
    }

    /// Statuses for `allowed`; every other signed-in caller gets `others`, no token or a revoked one gets 401.
    static func only(_ allowed: [Caller: Int], others: Int = 403) -> [Caller: Int] {
        var expected: [Caller: Int] = [.anonymous: 401, .revokedDevice: 401]
        for caller in Caller.allCases where expected[caller] == nil { expected[caller] = allowed[caller] ?? others }
        return expected
    }

    static func everyone(_ status: Int) -> [Caller: Int] {
        var expected = Dictionary(uniqueKeysWithValues: Caller.allCases.map { ($0, status) })
        expected[.revokedDevice] = 401  // a revoked token is refused before any route
        return expected
    }

    static func fixed(_ path: String) -> @Sendable (Harness) async throws -> String { { _ in path } }

    static let cases: [Case] = {
        let accounts = Dictionary(uniqueKeysWithValues: Caller.accounts.map { ($0, 200) })
        let siteRules: [(site: String, status: [Caller: Int])] = [
            ("north", [.admin: 1, .supervisorNorth: 1, .supervisorSouth: 404]),
            ("south", [.admin: 1, .supervisorNorth: 404, .supervisorSouth: 1]),
            ("east", [.admin: 404, .supervisorNorth: 404, .supervisorSouth: 404]),  // exists nowhere
        ]
        var cases: [Case] = [
            Case(route: "GET /api/v1/openapi.json", path: fixed("/api/v1/openapi.json"), expected: everyone(200)),
            Case(route: "GET /api/v1/health", path: fixed("/api/v1/health"), expected: everyone(200)),
            Case(
                route: "POST /api/v1/login", path: fixed("/api/v1/login"),
                body: { _ in #"{"name":"root","password":"\#(testPassword)"}"# }, expected: everyone(200)),
            Case(route: "GET /api/v1/me", path: fixed("/api/v1/me"), expected: only(accounts)),
            Case(route: "GET /api/v1/sites", path: fixed("/api/v1/sites"), expected: only(accounts)),
            Case(
                route: "POST /api/v1/sites", path: fixed("/api/v1/sites"),
                body: { _ in #"{"name":"site-\#(UUID().uuidString.prefix(8))"}"# }, expected: only([.admin: 201])),
            Case(route: "GET /api/v1/users", path: fixed("/api/v1/users"), expected: only([.admin: 200])),
            Case(
                route: "POST /api/v1/users", path: fixed("/api/v1/users"),
                body: { _ in #"{"name":"r\#(UUID().uuidString.prefix(8))","role":"researcher"}"# },
                expected: only([.admin: 201])),
            Case(route: "GET /api/v1/audit", path: fixed("/api/v1/audit"), expected: only([.admin: 200])),
            Case(
                route: "POST /api/v1/enrol", path: fixed("/api/v1/enrol"),
                body: { server in
                    let (code, _) = try await server.database.devices.enrolmentCode(
                        site: "north", by: ("test", "admin"))
                    return #"{"code":"\#(code)","name":"lab"}"#
                }, expected: everyone(201)),
            Case(route: "GET /api/v1/device", path: fixed("/api/v1/device"), expected: only([.deviceNorth: 200])),
            Case(
                route: "GET /api/v1/sync/state", path: fixed("/api/v1/sync/state"), expected: only([.deviceNorth: 200])),
            Case(
                route: "GET /api/v1/sync/prescriptions", path: fixed("/api/v1/sync/prescriptions?after=0"),
                expected: only([.deviceNorth: 200])),
            Case(
                route: "GET /api/v1/sync/messages", path: fixed("/api/v1/sync/messages?after=0"),
                expected: only([.deviceNorth: 200])),
            Case(
                route: "GET /api/v1/sync/instruments", path: fixed("/api/v1/sync/instruments?after=0"),
                expected: only([.deviceNorth: 200])),
            Case(
                route: "GET /api/v1/sync/web-answers", path: fixed("/api/v1/sync/web-answers?after=0"),
                expected: only([.deviceNorth: 200])),
            Case(
                route: "POST /api/v1/sync/batch", path: fixed("/api/v1/sync/batch"),
                body: { _ in try SyncTests.participantsBatch(["P01"], first: 1) }, expected: only([.deviceNorth: 200])),
        ]
        for (site, rule) in siteRules {
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/enrolment-codes",
                    path: fixed("/api/v1/sites/\(site)/enrolment-codes"),
                    expected: only(rule.mapValues { $0 == 1 ? 201 : $0 })))
            cases.append(
                Case(
                    route: "GET /api/v1/sites/{site}/devices", path: fixed("/api/v1/sites/\(site)/devices"),
                    expected: only(rule.mapValues { $0 == 1 ? 200 : $0 })))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/participants/{participant}/plans",
                    path: fixed("/api/v1/sites/\(site)/participants/P01/plans"), body: { _ in try trainingPlan() },
                    expected: only(rule.mapValues { $0 == 1 ? 201 : $0 })))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/participants/{participant}/profiles",
                    path: fixed("/api/v1/sites/\(site)/participants/P01/profiles"),
                    body: { _ in ProfileTests.profileFile("P01", versions: 1) },
                    expected: only(rule.mapValues { $0 == 1 ? 201 : $0 })))
            // A site's questionnaires: read by whoever sees the site, added by its supervisors and admins (a new id
            // each request, so none is a version held already).
            let seesSite: [Caller: Int] = [
                .admin: rule[.admin] == 1 ? 200 : 404, .supervisorNorth: rule[.supervisorNorth] == 1 ? 200 : 404,
                .supervisorSouth: rule[.supervisorSouth] == 1 ? 200 : 404,
                .researcherNorth: site == "north" ? 200 : 404, .researcherAll: site == "east" ? 404 : 200,
            ]
            cases.append(
                Case(
                    route: "GET /api/v1/sites/{site}/instruments", path: fixed("/api/v1/sites/\(site)/instruments"),
                    expected: only(seesSite)))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/instruments", path: fixed("/api/v1/sites/\(site)/instruments"),
                    body: { _ in
                        InstrumentTests.file().replacingOccurrences(
                            of: "sleep-check", with: "m\(UUID().uuidString.prefix(8).lowercased())")
                    }, expected: only(rule.mapValues { $0 == 1 ? 201 : $0 })))
            // A participant's assigned questionnaires: read by whoever sees the site, assigned and withdrawn by its
            // supervisors and admins (an instrument of the site made for each request, and an assignment to withdraw).
            let assignment: @Sendable (Harness) async throws -> String = { server in
                let id = "m\(UUID().uuidString.prefix(8).lowercased())"
                if site != "east" {
                    _ = try await PostgresInstruments(database: server.database).add(
                        site: site, instrument: id, version: 1, language: "en", title: "T",
                        content: InstrumentTests.file().replacingOccurrences(of: "sleep-check", with: id),
                        by: ("test", "admin"), requestID: nil)
                }
                return #"{"instrument": "\#(id)", "version": 1, "language": "en"}"#
            }
            cases.append(
                Case(
                    route: "GET /api/v1/sites/{site}/participants/{participant}/questionnaires",
                    path: fixed("/api/v1/sites/\(site)/participants/P01/questionnaires"), expected: only(seesSite)))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/participants/{participant}/questionnaires",
                    path: fixed("/api/v1/sites/\(site)/participants/P01/questionnaires"), body: assignment,
                    expected: only(rule.mapValues { $0 == 1 ? 201 : $0 })))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/participants/{participant}/questionnaires/{assignment}/withdraw",
                    path: { server in
                        var number = 1_000_000
                        if site != "east" {
                            let content = try await assignment(server)
                            guard
                                case .assign(let read) = try QuestionnaireAssignment.content(
                                    Data(content.utf8), file: "test")
                            else { throw CancellationError() }
                            number = try await PostgresQuestionnaireAssignments(database: server.database).assign(
                                site: site, participant: "P01", assignment: read, by: ("test", "admin"),
                                requestID: nil, key: nil)
                        }
                        return "/api/v1/sites/\(site)/participants/P01/questionnaires/\(number)/withdraw"
                    }, expected: only(rule.mapValues { $0 == 1 ? 200 : $0 })))
            // A participant registered by a machine of the site for this request alone, since deleting is the point.
            let participantPath: @Sendable (Harness, String) async throws -> String = { server, suffix in
                let id = "D\(UUID().uuidString.prefix(6))"
                if site != "east" {
                    let machine = try await server.enrolDevice(site: site)
                    let stored = try await server.call(
                        .post, "/api/v1/sync/batch", token: machine.token,
                        json: try SyncTests.participantsBatch([id], first: 1))
                    try #require(stored.status == 200, "\(stored.text)")
                }
                return "/api/v1/sites/\(site)/participants/\(id)\(suffix)"
            }
            // A participant's messages: the site's supervisors and admins; a researcher may not read them.
            cases.append(
                Case(
                    route: "GET /api/v1/sites/{site}/participants/{participant}/messages",
                    path: { try await participantPath($0, "/messages") },
                    expected: only(rule.mapValues { $0 == 1 ? 200 : $0 })))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/participants/{participant}/messages",
                    path: { try await participantPath($0, "/messages") }, body: { _ in #"{"text":"Keep going."}"# },
                    expected: only(rule.mapValues { $0 == 1 ? 201 : $0 })))
            // A participant's web questionnaire links: the site's supervisors and admins (a researcher sees none).
            let linkBody: @Sendable (Harness) async throws -> String? = { server in
                var number = 1_000_000
                if site != "east" {
                    let id = "l\(UUID().uuidString.prefix(8).lowercased())"
                    number = try await PostgresInstruments(database: server.database).add(
                        site: site, instrument: id, version: 1, language: "en", title: "T",
                        content: InstrumentTests.file().replacingOccurrences(of: "sleep-check", with: id),
                        by: ("test", "admin"), requestID: nil
                    ).id
                }
                return #"{"instrument": \#(number), "moment": "on_request", "days": 14}"#
            }
            cases.append(
                Case(
                    route: "GET /api/v1/sites/{site}/participants/{participant}/questionnaire-links",
                    path: { try await participantPath($0, "/questionnaire-links") },
                    expected: only(rule.mapValues { $0 == 1 ? 200 : $0 })))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/participants/{participant}/questionnaire-links",
                    path: { try await participantPath($0, "/questionnaire-links") }, body: linkBody,
                    expected: only(rule.mapValues { $0 == 1 ? 201 : $0 })))
            cases.append(
                Case(
                    route: "POST /api/v1/sites/{site}/participants/{participant}/questionnaire-links/{link}/revoke",
                    path: { server in
                        let base = try await participantPath(server, "/questionnaire-links")
                        var number = 1_000_000
                        if site != "east", let body = try await linkBody(server) {
                            let made = try await server.call(
                                .post, base, token: try await server.login("root", testPassword), json: body)
                            number = try #require(made.json["link"] as? [String: Any])["id"] as? Int ?? number
                        }
                        return base + "/\(number)/revoke"
                    }, expected: only(rule.mapValues { $0 == 1 ? 200 : $0 })))
            let adminOnly = only([.admin: rule[.admin] == 1 ? 200 : 404])
            cases.append(
                Case(
                    route: "GET /api/v1/sites/{site}/participants/{participant}/export",
                    path: { try await participantPath($0, "/export") }, expected: adminOnly))
            cases.append(
                Case(
                    route: "DELETE /api/v1/sites/{site}/participants/{participant}",
                    path: { try await participantPath($0, "") }, expected: adminOnly))
            // A machine enrolled for this request alone, since revoking it is the point (none for "east").
            cases.append(
                Case(
                    route: "POST /api/v1/devices/{device}/revoke",
                    path: { server in
                        let id = site == "east" ? UUID().uuidString : try await server.enrolDevice(site: site).id
                        return "/api/v1/devices/\(id)/revoke"
                    }, expected: only(rule.mapValues { $0 == 1 ? 200 : $0 })))
        }
        // The export: admins and researchers of the site, and its supervisors; devices never.
        let exportRules: [(site: String, allowed: [Caller: Int])] = [
            (
                "north",
                [.admin: 200, .supervisorNorth: 200, .supervisorSouth: 404, .researcherNorth: 200, .researcherAll: 200]
            ),
            (
                "south",
                [.admin: 200, .supervisorNorth: 404, .supervisorSouth: 200, .researcherNorth: 404, .researcherAll: 200]
            ),
            (
                "east",
                [.admin: 404, .supervisorNorth: 404, .supervisorSouth: 404, .researcherNorth: 404, .researcherAll: 404]
            ),
        ]
        for (site, allowed) in exportRules {
            cases.append(
                Case(
                    route: "GET /api/v1/export", path: fixed("/api/v1/export?format=csv&file=codebook.md&site=\(site)"),
                    expected: only(allowed)))
        }
        // Last: it ends the caller's session.
        cases.append(
            Case(
                route: "POST /api/v1/logout", path: fixed("/api/v1/logout"),
                expected: only(accounts.mapValues { _ in 204 })))
        return cases
    }()

    /// The example training plan of the checkout, as a supervisor would send it.
    static func trainingPlan() throws -> String {
        try String(
            contentsOf: SyncTests.examples.deletingLastPathComponent().appendingPathComponent("training-plan.json"),
            encoding: .utf8)
    }

    @Test func everyDocumentedRouteIsInTheMatrix() throws {
        #expect(Set(Self.cases.map(\.route)) == (try OpenAPIDocumentTests.documentedRoutes()))
    }

    @Test func eachCallerGetsWhatItsRoleAndSitesAllow() async throws {
        try await withServer(loginAttempts: 1000, enrolmentAttempts: 1000) { server in
            let db = server.database
            for site in ["north", "south"] { try await db.sites.addSite(site) }
            _ = try await db.accounts.addUser(name: "root", role: .admin, sites: [], password: testPassword)
            _ = try await db.accounts.addUser(
                name: "sup-n", role: .supervisor, sites: ["north"], password: testPassword)
            _ = try await db.accounts.addUser(
                name: "sup-s", role: .supervisor, sites: ["south"], password: testPassword)
            _ = try await db.accounts.addUser(
                name: "res-n", role: .researcher, sites: ["north"], password: testPassword)
            _ = try await db.accounts.addUser(name: "res-all", role: .researcher, sites: [], password: testPassword)
            var tokens: [Caller: String] = [
                .admin: try await server.login("root", testPassword),
                .supervisorNorth: try await server.login("sup-n", testPassword),
                .supervisorSouth: try await server.login("sup-s", testPassword),
                .researcherNorth: try await server.login("res-n", testPassword),
                .researcherAll: try await server.login("res-all", testPassword),
                .deviceNorth: try await server.enrolDevice(site: "north").token,
            ]
            let revoked = try await server.enrolDevice(site: "south")
            _ = try await db.devices.revoke(device: try #require(UUID(uuidString: revoked.id)), by: ("test", "admin"))
            tokens[.revokedDevice] = revoked.token

            var notFound: [Caller: [String: String]] = [:]
            for test in Self.cases {
                for caller in Caller.allCases {
                    let path = try await test.path(server)
                    let method = HTTPRequest.Method(String(test.route.prefix { $0 != " " }))!
                    let reply = try await server.call(
                        method, path, token: tokens[caller], json: try await test.body(server))
                    #expect(reply.status == test.expected[caller], "\(caller) \(method) \(path): \(reply.text)")
                    if reply.status >= 400 { #expect(reply.contentType == "application/problem+json") }
                    if reply.status == 404 {
                        // What a caller is told of another site's ID and of an ID that exists nowhere must not differ.
                        // The ID is the path's fourth part, or the export's site parameter.
                        let parts = path.split(separator: "/")
                        let id = parts.count > 3 ? String(parts[3]) : String(path.split(separator: "=").last ?? "")
                        let shape = reply.detail.replacingOccurrences(of: id, with: "ID")
                        if let earlier = notFound[caller]?[test.route] {
                            #expect(earlier == shape, "\(caller) learns something from \(path): \(reply.detail)")
                        } else {
                            notFound[caller, default: [:]][test.route] = shape
                        }
                    }
                }
            }
            // What each sees of the sites.
            let seen = try await server.call(
                .get, "/api/v1/sites", token: try await server.login("sup-n", testPassword))
            #expect(seen.json["sites"] as? [String] == ["north"])
            let all = try await server.call(
                .get, "/api/v1/sites", token: try await server.login("res-all", testPassword))
            #expect((all.json["sites"] as? [String])?.contains("south") == true)
        }
    }
}
