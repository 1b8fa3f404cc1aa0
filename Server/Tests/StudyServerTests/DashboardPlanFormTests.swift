// The site page's plan form: a participant no machine of the site has sent is a typo until the form says they are new,
// a stored plan answers with a redirect (a reload sends nothing), and one form's key stores one prescription.
import Foundation
import Testing

@testable import StudyServer

@Suite struct DashboardPlanFormTests {
    /// The hidden `key` of the plan form on `page`.
    static func key(_ page: FormClient.Page) throws -> String {
        let range = try #require(page.html.range(of: #"name="key" value=""#))
        return String(page.html[range.upperBound...].prefix { $0 != "\"" })
    }

    static func plan(_ page: FormClient.Page, _ participant: String, extra: [(String, String)] = []) throws
        -> [(String, String)]
    {
        [
            ("csrf", page.csrf ?? ""), ("key", try key(page)), ("participant", participant),
            ("plan", try RoleMatrixTests.trainingPlan()),
        ] + extra
    }

    static func withSite(_ body: @Sendable (Harness, FormClient) async throws -> Void) async throws {
        try await withServer { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let lab = try await server.enrolDevice(site: "north", name: "lab-1")
            let sent = try await server.call(
                .post, "/api/v1/sync/batch", token: lab.token, json: try SyncTests.participantsBatch(["P07"], first: 1))
            try #require(sent.status == 200)
            let browser = FormClient(server)
            try await browser.signIn("sup", testPassword)
            try await body(server, browser)
        }
    }

    @Test(arguments: ["P70", "P007", "P08"])
    func aParticipantNoMachineSentIsRefusedUntilTheFormSaysTheyAreNew(typo: String) async throws {
        try await Self.withSite { server, browser in
            let page = try await browser.send(.get, "/sites/north")
            let refused = try await browser.send(.post, "/sites/north/plans", form: try Self.plan(page, typo))
            #expect(refused.status == 400 && refused.html.contains("Nothing of \(typo) is held at north"))
            #expect(refused.html.contains(#"name="new_participant" value="yes""#), "the box to say they are new")
            #expect(refused.html.contains(#"<input id="participant" name="participant" value="\#(typo)""#))
            #expect(try await server.database.prescriptions.prescriptions(site: "north", after: 0).isEmpty)
            let stored = try await browser.send(
                .post, "/sites/north/plans", form: try Self.plan(refused, typo, extra: [("new_participant", "yes")]))
            #expect(stored.status == 303, "\(stored.html.prefix(500))")
            #expect(
                try await server.database.prescriptions.prescriptions(site: "north", after: 0).map(\.participant) == [
                    typo
                ])
        }
    }

    @Test func aStoredPlanRedirectsAndTheSameFormSentAgainStoresNothing() async throws {
        try await Self.withSite { server, browser in
            let page = try await browser.send(.get, "/sites/north")
            let form = try Self.plan(page, "P07")
            let stored = try await browser.send(.post, "/sites/north/plans", form: form)
            #expect(stored.status == 303 && stored.headers[.location] == "/sites/north?prescription=1")
            let shown = try await browser.send(.get, "/sites/north?prescription=1")
            #expect(
                shown.html.contains("Prescription 1: the plan reaches P07&#39;s machines of north")
                    || shown.html.contains("Prescription 1: the plan reaches P07's machines of north"),
                "\(shown.html.prefix(3000))")
            // The browser's "send again" after a back button, or a double click: the same key, the same prescription.
            for _ in 0..<2 {
                let again = try await browser.send(.post, "/sites/north/plans", form: form)
                #expect(again.status == 303 && again.headers[.location] == "/sites/north?prescription=1")
            }
            #expect(try await server.database.prescriptions.prescriptions(site: "north", after: 0).count == 1)
            #expect(try await server.database.auditTrail.auditRows(action: "prescription.plan").count == 1)
            // A new rendering of the form is a new key: a second plan is a second prescription.
            let next = try await browser.send(.post, "/sites/north/plans", form: try Self.plan(shown, "P07"))
            #expect(next.headers[.location] == "/sites/north?prescription=2")
            #expect(try await server.database.prescriptions.prescriptions(site: "north", after: 0).count == 2)
        }
    }

    @Test func aMissingOrForeignKeyAndAnotherSitesPrescriptionShowNothing() async throws {
        try await Self.withSite { server, browser in
            let page = try await browser.send(.get, "/sites/north")
            for key in ["", "a\u{0}b", String(repeating: "k", count: 65), "<script>", "ключ"] {
                var form = try Self.plan(page, "P07")
                form[1] = ("key", key)
                let refused = try await browser.send(.post, "/sites/north/plans", form: form)
                #expect(refused.status == 400, "key \(key.debugDescription): \(refused.status)")
            }
            #expect(try await server.database.prescriptions.prescriptions(site: "north", after: 0).isEmpty)
            // South's prescription for its own participant, asked for on north's page: no notice, so no ID of south.
            let southID = try await server.database.prescriptions.prescribe(
                kind: "plan", site: "south", participant: "S01", content: try RoleMatrixTests.trainingPlan(),
                by: ("test", "admin"), requestID: nil)
            let foreign = try await browser.send(.get, "/sites/north?prescription=\(southID)")
            #expect(foreign.status == 200 && !foreign.html.contains("S01"))
            for bad in ["x", "0", "-1", "2147483648"] {
                let refused = try await browser.send(.get, "/sites/north?prescription=\(bad)")
                #expect(refused.status == 400 && refused.html.contains("prescription=\(bad)"), "\(bad)")
            }
            // The supervisor of north may not send south's form (the same 404 as a site that does not exist).
            let south = try await browser.send(.post, "/sites/south/plans", form: try Self.plan(page, "S01"))
            #expect(south.status == 404)
        }
    }
}
