// Sign-in, enrolment codes (one-time, 24 h), device tokens and revocation, rate limits, the append-only audit trail.
import Foundation
import PostgresNIO
import Testing

@testable import StudyServer

@Suite struct AccessTests {
    @Test func loginOpensASessionInPostgresAndFailuresAreAudited() async throws {
        try await withServer { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let wrong = try await server.call(
                .post, "/api/v1/login", json: #"{"name":"root","password":"wrong password"}"#)
            ProblemTests.expectProblem(wrong, 401, mentions: "wrong")
            let unknown = try await server.call(
                .post, "/api/v1/login", json: #"{"name":"nobody","password":"wrong password"}"#)
            #expect(unknown.detail == wrong.detail, "an unknown name must read as a wrong password")
            let token = try await server.login("root", testPassword)
            #expect(try await server.call(.get, "/api/v1/me", token: token).json["role"] as? String == "admin")
            // The session lives in PostgreSQL (hashed): another client on the same database knows it.
            #expect(try await PostgresSessions(database: server.database).identity(token: token) != nil)
            let stored = try await server.database.rows("SELECT token_hash FROM web_sessions").map {
                try $0.decode(String.self)
            }
            #expect(stored.count == 1 && !stored[0].contains(token))
            #expect(try await server.call(.post, "/api/v1/logout", token: token).status == 204)
            #expect(try await server.call(.get, "/api/v1/me", token: token).status == 401)
            let actions = try await server.database.auditTrail.auditRows().map { "\($0.action) \($0.actor)" }
            #expect(
                actions.contains("login.failed root") && actions.contains("login.failed nobody")
                    && actions.contains("login root"))
        }
    }

    /// A supervisor's 404 for a site of another site's (or none) says where their sites are listed in their own
    /// terms: a page points at the overview, the API at GET /api/v1/sites; both read the same for "elsewhere" and
    /// "nowhere".
    @Test func aSitesNotFoundPointsAPageAtTheOverviewAndTheAPIAtTheAPI() async throws {
        try await withServer { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let browser = FormClient(server)
            try await browser.signIn("sup", testPassword)
            let token = try await server.login("sup", testPassword)
            for site in ["south", "nowhere"] {
                for path in ["/sites/\(site)", "/sites/\(site)/live"] {
                    let page = try await browser.send(.get, path)
                    #expect(page.status == 404, "\(path)")
                    #expect(page.html.contains("the overview (/) lists yours"), "\(path): \(page.html.prefix(600))")
                    #expect(!page.html.contains("/api/v1"), "\(path)")
                }
                let reply = try await server.call(.get, "/api/v1/sites/\(site)/devices", token: token)
                ProblemTests.expectProblem(reply, 404, mentions: "GET /api/v1/sites lists yours")
            }
        }
    }

    /// Revoking a machine on the site's page takes two posts: the first shows what revoking does and changes
    /// nothing (no audit row, the machine still syncs), the second (confirm=yes) revokes; a forged confirmation
    /// without the page's CSRF token is refused.
    @Test func revokingAMachineOnThePageAsksFirst() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let device = try await server.enrolDevice(site: "north", name: "lab-1")
            let browser = FormClient(server)
            try await browser.signIn("sup", testPassword)
            let site = try await browser.send(.get, "/sites/north")
            let action = "/sites/north/devices/\(device.id.lowercased())/revoke"
            #expect(site.html.contains(action))
            func syncs() async throws -> Bool {
                try await server.call(.get, "/api/v1/sync/state", token: device.token).status == 200
            }

            let asked = try await browser.send(.post, action, form: [("csrf", site.csrf ?? "")])
            #expect(asked.status == 200)
            #expect(asked.html.contains("Revoke the machine <strong>lab-1</strong>"), "\(asked.html.prefix(800))")
            #expect(asked.html.contains(#"name="confirm" value="yes""#))
            #expect(try await syncs())
            #expect(try await server.database.auditTrail.auditRows(action: "device.revoke").isEmpty)

            let forged = try await browser.send(.post, action, form: [("csrf", "x"), ("confirm", "yes")])
            #expect(forged.status == 403, "\(forged.status)")
            #expect(try await syncs())

            let done = try await browser.send(.post, action, form: [("csrf", asked.csrf ?? ""), ("confirm", "yes")])
            #expect(done.html.contains("The machine lab-1 is revoked"), "\(done.html.prefix(800))")
            #expect(try await !syncs())
            #expect(try await server.database.auditTrail.auditRows(action: "device.revoke").count == 1)
            // Asked again once revoked: said so, nothing asked.
            let again = try await browser.send(.post, action, form: [("csrf", done.csrf ?? "")])
            #expect(again.html.contains("was revoked already"))
        }
    }

    /// The audit page names a machine by its name (its id below), as the site's page does, and "who" finds a
    /// machine's rows by that name; a person's rows are as before.
    @Test func theAuditPageNamesMachinesAndFindsThemByName() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            let lab = try await server.enrolDevice(site: "north", name: "lab-1")
            let home = try await server.enrolDevice(site: "north", name: "home-2")
            for device in [lab, home] {
                let reply = try await server.call(
                    .post, "/api/v1/sync/batch", token: device.token,
                    json: try SyncTests.participantsBatch(["P07"], first: 1))
                try #require(reply.status == 200, "\(reply.text)")
            }
            let browser = FormClient(server)
            try await browser.signIn("root", testPassword)
            let page = try await browser.send(.get, "/admin/audit")
            for device in [lab, home] {
                #expect(page.html.contains("<br><small>machine \(device.id.lowercased())</small>"), "\(page.html)")
            }
            #expect(page.html.contains("<td>lab-1<br>") && page.html.contains("<td>home-2<br>"))
            #expect(!page.html.contains("<td>device:"))
            let filtered = try await browser.send(
                .post, "/admin/audit", form: [("csrf", page.csrf ?? ""), ("actor", "lab-1"), ("action", "sync")])
            #expect(filtered.html.contains("<td>lab-1<br>") && !filtered.html.contains("home-2"), "\(filtered.html)")
            let person = try await browser.send(
                .post, "/admin/audit", form: [("csrf", filtered.csrf ?? ""), ("actor", "root"), ("action", "login")])
            #expect(person.html.contains("<td>root</td>") && !person.html.contains("lab-1"))
        }
    }

    @Test func loginAndEnrolmentAreRateLimited() async throws {
        try await withServer(loginAttempts: 3, enrolmentAttempts: 2) { server in
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            for _ in 0..<3 {
                #expect(
                    try await server.call(
                        .post, "/api/v1/login", json: #"{"name":"root","password":"guess guess guess"}"#
                    ).status == 401)
            }
            let limited = try await server.call(
                .post, "/api/v1/login", json: #"{"name":"root","password":"\#(testPassword)"}"#)
            ProblemTests.expectProblem(limited, 429, mentions: "wait")
            #expect(Int(limited.json["retry_after"] as? String ?? "") ?? 0 > 0)
            for _ in 0..<2 {
                #expect(
                    try await server.call(.post, "/api/v1/enrol", json: #"{"code":"AAAA-BBBB-CCCC","name":"x"}"#).status
                        == 403)
            }
            ProblemTests.expectProblem(
                try await server.call(.post, "/api/v1/enrol", json: #"{"code":"AAAA-BBBB-CCCC","name":"x"}"#), 429,
                mentions: "enrolment")
        }
    }

    @Test func anEnrolmentCodeWorksOnceWithin24HoursAndARevokedDeviceIsRefused() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("A")
            let (code, expires) = try await server.database.devices.enrolmentCode(site: "A", by: ("test", "admin"))
            #expect(abs(expires.timeIntervalSinceNow - 86_400) < 600)
            let typed = code.lowercased().replacingOccurrences(of: "-", with: " ")
            let first = try await server.call(.post, "/api/v1/enrol", json: #"{"code":"\#(typed)","name":"lab-1"}"#)
            #expect(first.status == 201, "\(first.text)")
            let token = try #require(first.json["token"] as? String)
            ProblemTests.expectProblem(
                try await server.call(.post, "/api/v1/enrol", json: #"{"code":"\#(code)","name":"lab-2"}"#), 403,
                mentions: "used already")
            #expect(try await server.call(.get, "/api/v1/device", token: token).json["site"] as? String == "A")

            let (old, _) = try await server.database.devices.enrolmentCode(site: "A", by: ("test", "admin"))
            try await server.database.execute(
                "UPDATE enrolment_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")
            ProblemTests.expectProblem(
                try await server.call(.post, "/api/v1/enrol", json: #"{"code":"\#(old)","name":"lab-2"}"#), 403,
                mentions: "expired")

            let idText = try #require((first.json["device"] as? [String: Any])?["id"] as? String)
            let id = try #require(UUID(uuidString: idText))
            #expect(try await server.database.devices.revoke(device: id, by: ("test", "admin")))
            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/device", token: token), 401, mentions: "revoked")
            #expect(try await server.database.devices.devices(site: "A").count == 1)
        }
    }

    @Test func theAuditTableRefusesUpdateAndDeleteToTheServersRole() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("A")
            let before = try await server.database.auditTrail.auditRows()
            #expect(before.map(\.action) == ["site.add"])
            for statement: PostgresQuery in [
                "UPDATE audit SET action = 'nothing'", "DELETE FROM audit", "TRUNCATE audit",
            ] {
                await #expect(throws: PSQLError.self) { try await server.database.execute(statement) }
            }
            #expect(try await server.database.auditTrail.auditRows() == before)
        }
    }
}
