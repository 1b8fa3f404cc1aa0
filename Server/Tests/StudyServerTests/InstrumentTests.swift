// Questionnaires from the server: an instrument file added on the dashboard or the API (checked as the game checks an
// added one, every version kept, each site's alone), fetched by the site's machines and stored there by the real
// `soundsafari sync`, which checks it again and names a bad one in one sentence while the sync goes on.
import Foundation
import HTTPTypes
import Testing

@testable import StudyServer

@Suite struct InstrumentTests {
    /// A small instrument of the game's format (docs/QUESTIONNAIRES.md): one choice and one text item.
    static func file(version: Int = 1, title: String = "Sleep check") -> String {
        """
        {
          "id": "sleep-check", "version": \(version), "language": "en", "title": "\(title)",
          "reference": {"citation": "Written for the study at north.", "licence": "CC0-1.0"},
          "items": [
            {"id": "slept", "kind": "single_choice", "text": "Did you sleep well?",
             "options": [{"value": 0, "label": "No"}, {"value": 1, "label": "Yes"}]},
            {"id": "note", "kind": "text", "text": "Anything else?"}
          ]
        }

        """
    }

    /// Sites north and south, a supervisor of each, a researcher of north and an admin; a machine of each site.
    static func withSites(
        live: Bool = false, _ body: @Sendable (Harness, _ north: String, _ south: String) async throws -> Void
    ) async throws {
        try await withServer(live: live) { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "root", role: .admin, sites: [], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "sup-n", role: .supervisor, sites: ["north"], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "sup-s", role: .supervisor, sites: ["south"], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "res", role: .researcher, sites: ["north"], password: testPassword)
            let north = try await server.enrolDevice(site: "north", name: "home-1").token
            let south = try await server.enrolDevice(site: "south", name: "home-2").token
            try await body(server, north, south)
        }
    }

    @Test func anInstrumentAddedOnTheDashboardIsListedVersionedAndFetchedByItsSiteMachinesOnly() async throws {
        try await Self.withSites { server, north, south in
            let browser = FormClient(server)
            try await browser.signIn("sup-n", testPassword)
            let page = try await browser.send(.get, "/sites/north")
            #expect(page.html.contains("No questionnaire is held for north yet."))
            let added = try await browser.send(
                .post, "/sites/north/instruments", form: [("csrf", page.csrf ?? ""), ("instrument", Self.file())])
            #expect(added.status == 303 && added.headers[.location] == "/sites/north?instrument=1", "\(added.html)")
            let shown = try await browser.send(.get, "/sites/north?instrument=1")
            #expect(shown.html.contains("sleep-check version 1 (en) is stored"))
            #expect(shown.html.contains("<td>Sleep check</td>"))

            // A bad file on the form: 400, the reader's one sentence naming the field, the file kept to correct.
            let bad = Self.file().replacingOccurrences(of: #""kind": "text""#, with: #""kind": "essay""#)
            let refused = try await browser.send(
                .post, "/sites/north/instruments", form: [("csrf", shown.csrf ?? ""), ("instrument", bad)])
            #expect(refused.status == 400)
            #expect(refused.html.contains("field &#39;items[1].kind&#39;") || refused.html.contains("items[1].kind"))
            #expect(refused.html.contains("&#39;essay&#39; is not a kind of item") || refused.html.contains("essay"))

            // The API: version 2 is a new row, version 1 again a 409, a bad file a 400 naming the field.
            let supN = try await server.login("sup-n", testPassword)
            let path = "/api/v1/sites/north/instruments"
            let v2 = try await server.call(.post, path, token: supN, json: Self.file(version: 2, title: "Sleep, v2"))
            #expect(v2.status == 201 && v2.json["version"] as? Int == 2, "\(v2.text)")
            let again = try await server.call(.post, path, token: supN, json: Self.file(title: "Changed"))
            #expect(again.status == 409 && again.json["field"] as? String == "version", "\(again.text)")
            let badAPI = try await server.call(.post, path, token: supN, json: bad)
            #expect(badAPI.status == 400 && badAPI.contentType.hasPrefix("application/problem+json"))
            #expect(
                badAPI.json["field"] as? String == "items[1].kind" && badAPI.detail.hasSuffix("."), "\(badAPI.text)")
            let wordless = Self.file().replacingOccurrences(of: #""text": "Anything else?""#, with: #""comment": "x""#)
            let noWording = try await server.call(.post, path, token: supN, json: wordless)
            #expect(noWording.status == 400 && noWording.json["field"] as? String == "items[1].text")
            let listed = try await server.call(.get, path, token: supN)
            let rows = try #require(listed.json["instruments"] as? [[String: Any]])
            #expect(rows.map { $0["version"] as? Int } == [1, 2] && rows.allSatisfy { $0["content"] == nil })

            // Roles and sites: a researcher reads, never adds; another site's supervisor gets the same 404.
            let researcher = try await server.login("res", testPassword)
            #expect(try await server.call(.get, path, token: researcher).status == 200)
            #expect(try await server.call(.post, path, token: researcher, json: Self.file(version: 3)).status == 403)
            let supS = try await server.login("sup-s", testPassword)
            for method in [HTTPRequest.Method.get, .post] {
                let other = try await server.call(method, path, token: supS, json: Self.file(version: 4))
                #expect(other.status == 404 && !other.text.contains("sleep"))
            }
            let otherPage = FormClient(server)
            try await otherPage.signIn("sup-s", testPassword)
            #expect(try await otherPage.send(.get, "/sites/north").status == 404)
            #expect(try await server.call(.get, path, token: north).status == 403, "a device lists nothing")

            // The machines: north's receive both versions with the files, south's nothing; the cursor works.
            let fetched = try await server.call(.get, "/api/v1/sync/instruments?after=0", token: north)
            let sent = try #require(fetched.json["instruments"] as? [[String: Any]])
            #expect(sent.map { $0["version"] as? Int } == [1, 2])
            #expect(sent[0]["content"] as? String == Self.file())
            let last = try #require(sent.last?["id"] as? Int)
            #expect(
                try await server.call(.get, "/api/v1/sync/instruments?after=\(last)", token: north).text
                    .contains(#""instruments":[]"#))
            #expect(
                try await server.call(.get, "/api/v1/sync/instruments?after=0", token: south).text
                    .contains(#""instruments":[]"#))
            #expect(try await server.call(.get, "/api/v1/sync/instruments?after=x", token: north).status == 400)
            #expect(try await server.call(.get, "/api/v1/sync/instruments", token: supN).status == 403)

            let audit = try await server.database.auditTrail.auditRows(action: "instrument.add")
            #expect(audit.count == 2 && audit.allSatisfy { $0.site == "north" })
        }
    }

    /// Through the game's own `soundsafari sync`: the instrument lands among the machine's added instruments
    /// (owner-only), valid as a local file; one the machine refuses is one sentence and the sync goes on.
    @Test func aMachineStoresTheSiteInstrumentsAtItsNextSyncAndRefusesABadOneInOneSentence() async throws {
        let game = try SyncEndToEndTests.game()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-instruments-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var settings = ProcessInfo.processInfo.environment
        settings["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        settings["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        let environment = settings
        let added = folder.appendingPathComponent("data/soundsafari/questionnaires")
        try await Self.withSites(live: true) { server, _, _ in
            let address = "http://127.0.0.1:\(try #require(server.client.port))"
            let (code, _) = try await server.database.devices.enrolmentCode(site: "north", by: ("test", "admin"))
            let enrolled = try await Spawn.runOffPool(
                [game, "sync", "--server", address, "--enrol", code], environment: environment)
            #expect(enrolled.status == 0, "\(enrolled.output)")
            let supN = try await server.login("sup-n", testPassword)
            let stored = try await server.call(
                .post, "/api/v1/sites/north/instruments", token: supN, json: Self.file())
            #expect(stored.status == 201, "\(stored.text)")
            // What an older server let through: the machine's reader refuses it.
            _ = try await PostgresInstruments(database: server.database).add(
                site: "north", instrument: "broken", version: 1, language: "en", title: "Broken",
                content: #"{"id": "broken", "version": 1}"#, by: ("test", "admin"), requestID: nil)

            let synced = try await Spawn.runOffPool([game, "sync", "--logs", logs.path], environment: environment)
            #expect(synced.status == 0, "\(synced.output)")
            #expect(synced.output.contains("received 1 instruments (sleep-check-v1-en.json)"), "\(synced.output)")
            #expect(synced.output.contains("refused: instrument 2 (broken version 1) from \(address)"))
            let file = added.appendingPathComponent("sleep-check-v1-en.json")
            #expect(try String(contentsOf: file, encoding: .utf8) == Self.file())
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let checked = try await Spawn.runOffPool(
                [game, "questionnaire", "check", file.path], environment: environment)
            #expect(checked.status == 0 && checked.output.contains("valid"), "\(checked.output)")

            // The next sync fetches nothing again.
            let again = try await Spawn.runOffPool([game, "sync", "--logs", logs.path], environment: environment)
            #expect(
                again.status == 0 && !again.output.contains("received") && !again.output.contains("refused"),
                "\(again.output)")
        }
    }
}
