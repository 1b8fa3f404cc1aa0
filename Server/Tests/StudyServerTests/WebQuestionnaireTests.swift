// The web questionnaire `/q/TOKEN`: a supervisor's personal link for a participant and an instrument, answered one
// question a post without an account, each answer stored at once as the game's questionnaires.csv record; a link
// that is expired, withdrawn or guessed is a plain 404; an administration goes on across the web and the game.
import Foundation
import HTTPTypes
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

/// Sites north and south (InstrumentTests.withSites), P07 registered by north's machine, the instrument added, and
/// a link for P07 made on the participant page by north's supervisor: `body` gets its path `/q/TOKEN`.
func withQuestionnaireLink(
    live: Bool = false, moment: String = "baseline", instrument: String = InstrumentTests.file(),
    _ body: @Sendable (Harness, _ machine: String, _ supervisor: FormClient, _ path: String) async throws -> Void
) async throws {
    try await InstrumentTests.withSites(live: live) { server, north, _ in
        let sent = try await server.call(
            .post, "/api/v1/sync/batch", token: north, json: try SyncTests.participantsBatch(["P07"], first: 1))
        try #require(sent.status == 200, "\(sent.text)")
        let supN = try await server.login("sup-n", testPassword)
        let added = try await server.call(
            .post, "/api/v1/sites/north/instruments", token: supN, json: instrument)
        try #require(added.status == 201, "\(added.text)")
        let supervisor = FormClient(server)
        try await supervisor.signIn("sup-n", testPassword)
        let path = try await WebQuestionnaireTests.makeLink(supervisor, moment: moment)
        try await body(server, north, supervisor, path)
    }
}

@Suite struct WebQuestionnaireTests {
    /// Makes a link on P07's page and returns its path, read from the page that shows it once.
    static func makeLink(_ supervisor: FormClient, moment: String = "baseline") async throws -> String {
        let page = try await supervisor.send(.get, "/sites/north/participants/P07")
        let made = try await supervisor.send(
            .post, "/sites/north/participants/P07/questionnaire-links",
            form: [("csrf", page.csrf ?? ""), ("instrument", "1"), ("moment", moment), ("days", "14")])
        try #require(made.status == 200, "\(made.html.prefix(400))")
        let start = try #require(made.html.range(of: #"<code id="made-link">"#))
        let url = String(made.html[start.upperBound...].prefix { $0 != "<" })
        let at = try #require(url.range(of: "/q/"))
        return String(url[at.lowerBound...])
    }

    /// The web rows held for P07, read by the game's codec.
    static func webRows(_ server: Harness) async throws -> [QuestionnaireRow] {
        try await PostgresQuestionnaireLinks(database: server.database).webRows(site: "north", participant: "P07")
    }

    @Test func aLinkAsksOneQuestionAtATimeStoresEachAnswerAndAnExpiredWithdrawnOrGuessedOneIsAPlain404()
        async throws
    {
        try await withQuestionnaireLink { server, _, supervisor, path in
            #expect(path.count > 40, "a long random token: \(path)")
            let patient = FormClient(server)
            let first = try await patient.send(.get, path)
            #expect(first.status == 200 && first.html.contains("Question 1 of 2"), "\(first.html.prefix(300))")
            #expect(first.html.contains("Did you sleep well?") && !first.html.contains("sup-n"))
            #expect(!first.html.contains("/logout"), "no navigation of the dashboard")
            // No security token, no answer; a wrong answer is the page's sentence; a right one is stored at once.
            #expect(try await patient.send(.post, path, form: [("item", "slept"), ("value", "1.000")]).status == 403)
            let wrong = try await patient.send(
                .post, path, form: [("csrf", first.csrf ?? ""), ("item", "slept"), ("value", "7")])
            #expect(wrong.status == 400 && wrong.html.contains("This answer cannot be saved"))
            let saved = try await patient.send(
                .post, path, form: [("csrf", first.csrf ?? ""), ("item", "slept"), ("value", "1.000")])
            #expect(saved.status == 303 && saved.headers[.location] == path)
            var rows = try await Self.webRows(server)
            #expect(rows.map(\.administration) == ["W1"] && rows[0].value == "1.000" && rows[0].moment == .baseline)
            // The same answer sent again (a second tab) stores nothing more; the page goes on at question 2.
            _ = try await patient.send(
                .post, path, form: [("csrf", first.csrf ?? ""), ("item", "slept"), ("value", "0.000")])
            #expect(try await Self.webRows(server).count == 1)
            let second = try await FormClient(server).send(.get, path)
            #expect(second.html.contains("Question 2 of 2") && second.html.contains("Anything else?"))
            let done = try await patient.send(
                .post, path, form: [("csrf", first.csrf ?? ""), ("item", "note"), ("value", "Slept <b>badly</b>")])
            #expect(done.status == 303)
            rows = try await Self.webRows(server)
            #expect(rows.map(\.record) == [.answer, .answer, .finished] && rows[1].value == "Slept <b>badly</b>")
            #expect(try await patient.send(.get, path).html.contains("every answer is saved"))

            // Withdrawn, expired, guessed: the same plain 404, nothing of the participant or the questionnaire.
            let page = try await supervisor.send(.get, "/sites/north/participants/P07")
            #expect(page.html.contains("valid until") && !page.html.contains(String(path.dropFirst(3))))
            let withdrawn = try await supervisor.send(
                .post, "/sites/north/participants/P07/questionnaire-links/1/revoke", form: [("csrf", page.csrf ?? "")])
            #expect(withdrawn.status == 200 && withdrawn.html.contains("Link 1 is withdrawn"))
            let expiring = try await Self.makeLink(supervisor)
            try await server.database.execute("UPDATE questionnaire_links SET expires_at = now() - interval '1 second'")
            for gone in [path, expiring, "/q/" + String(repeating: "A", count: 43), "/q/x"] {
                let reply = try await FormClient(server).send(.get, gone)
                #expect(reply.status == 404, "\(gone)")
                for secret in ["P07", "Sleep", "sleep-check", "north"] {
                    #expect(!reply.html.contains(secret), "\(gone) shows \(secret)")
                }
                #expect(
                    try await patient.send(.post, gone, form: [("csrf", first.csrf ?? ""), ("item", "note")]).status
                        == 404)
            }

            // Who may: another site's supervisor sees nothing, a researcher makes no link.
            let other = FormClient(server)
            try await other.signIn("sup-s", testPassword)
            let otherPage = try await other.send(.get, "/sites/south")
            #expect(
                try await other.send(
                    .post, "/sites/north/participants/P07/questionnaire-links",
                    form: [("csrf", otherPage.csrf ?? ""), ("instrument", "1"), ("moment", "baseline"), ("days", "3")]
                ).status == 404)
            let researcher = FormClient(server)
            try await researcher.signIn("res", testPassword)
            let seen = try await researcher.send(.get, "/sites/north/participants/P07")
            #expect(seen.status == 200 && !seen.html.contains("questionnaire-links"))
            #expect(
                try await researcher.send(
                    .post, "/sites/north/participants/P07/questionnaire-links",
                    form: [("csrf", seen.csrf ?? ""), ("instrument", "1"), ("moment", "baseline"), ("days", "3")]
                ).status == 403)

            // Every making, opening and withdrawal is audited; no table of the web questionnaire holds an address.
            let actions = try await server.database.auditTrail.auditRows().map(\.action)
            #expect(actions.filter { $0 == "questionnaire_link.create" }.count == 2)
            #expect(actions.contains("questionnaire_link.revoke"))
            #expect(actions.filter { $0 == "questionnaire_link.open" }.count >= 5)
            let columns = try await server.database.rows(
                """
                SELECT column_name FROM information_schema.columns
                WHERE table_name IN ('questionnaire_links', 'web_questionnaire_rows')
                """
            ).map { try $0.decode(String.self) }
            #expect(
                Set(columns) == [
                    "id", "site_id", "participant", "instrument_id", "moment", "token_hash", "expires_at", "revoked_at",
                    "created_by", "created_at", "link_id", "administration", "record", "item", "line",
                ], "no column for an address")
        }
    }

    /// The links as API routes: made, listed and withdrawn by the page's rule and audit; the address answered once
    /// opens the questionnaire; a researcher gets 403, another site's supervisor 404.
    @Test func theAPIMakesListsAndWithdrawsLinksByThePagesRule() async throws {
        try await withQuestionnaireLink { server, _, _, _ in
            let supN = try await server.login("sup-n", testPassword)
            let path = "/api/v1/sites/north/participants/P07/questionnaire-links"
            let made = try await server.call(
                .post, path, token: supN, json: #"{"instrument": 1, "moment": "on_request", "days": 3}"#)
            #expect(made.status == 201, "\(made.text)")
            let link = try #require(made.json["link"] as? [String: Any])
            #expect(
                link["id"] as? Int == 2 && link["state"] as? String == "valid"
                    && link["moment"] as? String == "on_request")
            let url = try #require(made.json["url"] as? String)
            let at = try #require(url.range(of: "/q/"))
            let opened = try await FormClient(server).send(.get, String(url[at.lowerBound...]))
            #expect(opened.status == 200 && opened.html.contains("Question 1 of 2"))
            for (body, mention) in [
                (#"{"instrument": 1, "moment": "follow_up", "days": 3}"#, "baseline or on_request"),
                (#"{"instrument": 1, "moment": "baseline", "days": 61}"#, "1 to 60 days"),
                (#"{"instrument": 1, "moment": "baseline", "days": 3, "colour": 1}"#, "colour"),
            ] {
                ProblemTests.expectProblem(
                    try await server.call(.post, path, token: supN, json: body), 400, mentions: mention)
            }
            ProblemTests.expectProblem(
                try await server.call(
                    .post, path, token: supN, json: #"{"instrument": 9, "moment": "baseline", "days": 3}"#), 404,
                mentions: "No questionnaire 9")
            let listed = try #require(
                try await server.call(.get, path, token: supN).json["links"] as? [[String: Any]])
            #expect(listed.map { $0["id"] as? Int } == [2, 1] && !listed.contains { $0["url"] != nil })
            let researcher = try await server.login("res", testPassword)
            #expect(try await server.call(.get, path, token: researcher).status == 403)
            let supS = try await server.login("sup-s", testPassword)
            let other = try await server.call(.get, path, token: supS)
            #expect(other.status == 404 && !other.text.contains("P07"))
            let revoked = try await server.call(.post, path + "/2/revoke", token: supN)
            #expect(revoked.status == 200 && revoked.json["state"] as? String == "withdrawn", "\(revoked.text)")
            #expect(try await server.call(.post, path + "/2/revoke", token: supN).status == 404)
            #expect(try await FormClient(server).send(.get, String(url[at.lowerBound...])).status == 404)
            let audit = server.database.auditTrail
            #expect(try await audit.auditRows(action: "questionnaire_link.create").count == 2)
            #expect(try await audit.auditRows(action: "questionnaire_link.revoke").count == 1)
        }
    }

    /// A slider item is a range input between its end labels (no script), stepped as the game steps it; the value
    /// is stored as the game stores it (3 decimals), and one outside its ends is refused.
    @Test func aSliderItemIsARangeBetweenItsEndLabelsStoredAsTheGameStoresIt() async throws {
        let file = InstrumentTests.file().replacingOccurrences(
            of: #"{"id": "note", "kind": "text", "text": "Anything else?"}"#,
            with:
                #"{"id": "loud", "kind": "slider", "text": "How loud is it now?", "min": 0, "max": 10, "left": "silent", "right": "very loud"}"#
        )
        try await withQuestionnaireLink(instrument: file) { server, _, _, path in
            let patient = FormClient(server)
            let first = try await patient.send(.get, path)
            _ = try await patient.send(
                .post, path, form: [("csrf", first.csrf ?? ""), ("item", "slept"), ("value", "1.000")])
            let page = try await patient.send(.get, path)
            #expect(
                page.html.contains(
                    #"<input id="answer" name="value" type="range" min="0.000" max="10.000" step="0.500" value="5.000""#
                ),
                "\(page.html)")
            #expect(page.html.contains(#"id="answer-left" lang="en">silent</span>"#))
            #expect(page.html.contains(#"id="answer-right" lang="en">very loud</span>"#))
            #expect(!page.html.contains("<script"))
            let outside = try await patient.send(
                .post, path, form: [("csrf", page.csrf ?? ""), ("item", "loud"), ("value", "10.5")])
            #expect(outside.status == 400)
            let stored = try await patient.send(
                .post, path, form: [("csrf", page.csrf ?? ""), ("item", "loud"), ("value", "7.5")])
            #expect(stored.status == 303)
            let rows = try await Self.webRows(server)
            let loud = try #require(rows.first { $0.item == "loud" })
            // The game's slider at 3/4 of 0–10 stores the same cell.
            #expect(loud.value == QuestionnaireAnswer.format(QuestionnaireAnswer.rounded(0 + 10 * 0.75)))
            #expect(loud.value == "7.500" && rows.last?.record == .finished)
        }
    }

    @Test func aQuestionnaireBegunInTheGameContinuesOnTheWeb() async throws {
        try await withQuestionnaireLink { server, north, _, path in
            // The game's first answer of administration A1 at baseline, synced as questionnaires.csv.
            let game = QuestionnaireRow(
                participant: "P07", administration: "A1", instrument: "sleep-check", instrumentVersion: 1,
                language: "en", moment: .baseline, sessionIndex: nil, record: .answer, item: "slept", value: "0.000",
                recordedAt: Timestamp.parse("2026-11-29T08:00:00.000Z")!)
            try await ProjectionTests.Sender(server: server, token: north).send(
                file: "P07/questionnaires.csv", kind: "questionnaires",
                header: CSVWriter.headerLine(QuestionnaireRow.columns), first: 1,
                items: [CSVWriter.line(game.values(under: QuestionnaireRow.columns))])
            let patient = FormClient(server)
            let page = try await patient.send(.get, path)
            #expect(page.html.contains("Question 2 of 2") && page.html.contains("Anything else?"))
            _ = try await patient.send(
                .post, path, form: [("csrf", page.csrf ?? ""), ("item", "note"), ("skip", "yes")])
            let rows = try await Self.webRows(server)
            #expect(rows.map(\.administration) == ["A1", "A1"] && rows.map(\.record) == [.answer, .finished])
            #expect(rows[0].item == "note" && rows[0].value == nil, "skipped")
        }
    }

    /// Web → sync → the game's questionnaires.csv, through the game's own `soundsafari sync`: the half answered on
    /// the web is there, and the game asks the rest; the game's answer synced back finishes it for the web too.
    @Test func aQuestionnaireBegunOnTheWebContinuesInTheGameAfterASync() async throws {
        let binary = try SyncEndToEndTests.game()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-webq-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var settings = ProcessInfo.processInfo.environment
        settings["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        settings["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        let environment = settings
        try await withQuestionnaireLink(live: true) { server, _, _, path in
            let patient = FormClient(server)
            let page = try await patient.send(.get, path)
            _ = try await patient.send(
                .post, path, form: [("csrf", page.csrf ?? ""), ("item", "slept"), ("value", "1.000")])

            let address = "http://127.0.0.1:\(try #require(server.client.port))"
            // The participant's own home PC: a code made for P07 (a machine of the site's code receives no one's rows).
            let (code, _) = try await server.database.devices.enrolmentCode(
                site: "north", participant: "P07", by: ("test", "admin"), requestID: nil)
            let enrolled = try await Spawn.runOffPool(
                [binary, "sync", "--server", address, "--enrol", code], environment: environment)
            #expect(enrolled.status == 0, "\(enrolled.output)")
            let synced = try await Spawn.runOffPool([binary, "sync", "--logs", logs.path], environment: environment)
            #expect(synced.output.contains("received 1 web questionnaire rows (P07)"), "\(synced.output)")
            let file = logs.appendingPathComponent("P07/questionnaires.csv")
            let rows = try CSVLogFile<QuestionnaireRow>.decode(Data(contentsOf: file), file: file.path).records
            #expect(rows.map(\.administration) == ["W1"] && rows[0].value == "1.000")
            let instrument = try InstrumentFile.parseAddable(Data(InstrumentTests.file().utf8), file: "test")
            let administration = try #require(Administration.all(rows).first)
            #expect(administration.remainingItems(of: instrument).map(\.id) == ["note"], "the game asks the rest")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)

            // The game answers the rest (its rows as a sitting writes them) and syncs: the web says it is done.
            var finishing = administration
            let note = QuestionnaireRow(
                participant: "P07", administration: "W1", instrument: "sleep-check", instrumentVersion: 1,
                language: "en", moment: .baseline, sessionIndex: nil, record: .answer, item: "note",
                value: "fine", recordedAt: Date())
            finishing.answers.append(note)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            for row in [note] + finishing.finishingRows(of: instrument, at: Date()) {
                try handle.write(contentsOf: Data(CSVWriter.line(row.values(under: QuestionnaireRow.columns)).utf8))
            }
            try handle.close()
            let up = try await Spawn.runOffPool([binary, "sync", "--logs", logs.path], environment: environment)
            #expect(up.status == 0 && !up.output.contains("web questionnaire rows"), "\(up.output)")
            #expect(try await patient.send(.get, path).html.contains("every answer is saved"))
        }
    }
}
