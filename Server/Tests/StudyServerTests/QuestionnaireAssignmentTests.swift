// A questionnaire assigned to one participant without a plan: on the participant's page and the API (one rule,
// audited, withdrawable; a researcher reads, another site's supervisor gets the 404), fetched only by the
// participant's own machines as a prescription of kind `questionnaire`, and end to end through the real game's sync.
import Foundation
import HTTPTypes
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct QuestionnaireAssignmentTests {
    static let path = "/api/v1/sites/north/participants/P07/questionnaires"

    /// North's sleep-check v1 added by its supervisor.
    static func withInstrument(
        live: Bool = false, _ body: @Sendable (Harness, _ north: String, _ south: String) async throws -> Void
    ) async throws {
        try await InstrumentTests.withSites(live: live) { server, north, south in
            let supN = try await server.login("sup-n", testPassword)
            let stored = try await server.call(
                .post, "/api/v1/sites/north/instruments", token: supN, json: InstrumentTests.file())
            #expect(stored.status == 201, "\(stored.text)")
            try await body(server, north, south)
        }
    }

    @Test func theAPIAssignsListsAndWithdrawsByOneRuleForTheSiteCareTeamOnly() async throws {
        try await Self.withInstrument { server, north, south in
            let supN = try await server.login("sup-n", testPassword)
            let once = try await server.call(
                .post, Self.path, token: supN,
                json: #"{"instrument": "sleep-check", "version": 1, "language": "en"}"#)
            #expect(once.status == 201 && once.json["participant"] as? String == "P07", "\(once.text)")
            let weekly = try await server.call(
                .post, Self.path, token: supN,
                json: #"{"instrument": "sleep-check", "version": 1, "language": "en", "every_days": 7, "times": 3}"#)
            #expect(weekly.status == 201, "\(weekly.text)")
            // The one reader's refusals, naming the field; an instrument the site does not hold is a 404.
            let noDays = try await server.call(
                .post, Self.path, token: supN,
                json: #"{"instrument": "sleep-check", "version": 1, "language": "en", "times": 3}"#)
            #expect(noDays.status == 400 && noDays.json["field"] as? String == "times", "\(noDays.text)")
            ProblemTests.expectProblem(
                try await server.call(
                    .post, Self.path, token: supN,
                    json: #"{"instrument": "sleep-check", "version": 2, "language": "en"}"#
                ), 404, mentions: "sleep-check version 2 (en)")
            ProblemTests.expectProblem(
                try await server.call(.post, Self.path, token: supN, json: #"{"withdraw": 1}"#), 400,
                mentions: "withdraw")

            let listed = try await server.call(.get, Self.path, token: supN)
            let items = try #require(listed.json["assignments"] as? [[String: Any]])
            #expect(items.map { $0["state"] as? String } == ["due", "due"], "\(listed.text)")
            #expect(
                items[1]["every_days"] as? Int == 7 && items[1]["times"] as? Int == 3 && items[0]["every_days"] == nil)

            // Roles and sites: a researcher reads, never assigns or withdraws; another site's supervisor gets the 404.
            let researcher = try await server.login("res", testPassword)
            #expect(try await server.call(.get, Self.path, token: researcher).status == 200)
            let body = #"{"instrument": "sleep-check", "version": 1, "language": "en"}"#
            #expect(try await server.call(.post, Self.path, token: researcher, json: body).status == 403)
            let onceID = try #require(once.json["id"] as? Int)
            #expect(
                try await server.call(.post, Self.path + "/\(onceID)/withdraw", token: researcher).status == 403)
            let supS = try await server.login("sup-s", testPassword)
            for (method, path) in [
                (HTTPRequest.Method.get, Self.path), (.post, Self.path), (.post, Self.path + "/\(onceID)/withdraw"),
            ] {
                let other = try await server.call(method, path, token: supS, json: body)
                #expect(other.status == 404 && !other.text.contains("P07") && !other.text.contains("sleep"))
            }

            // Withdrawn once; again, another participant's, none: 404.
            let withdrawn = try await server.call(.post, Self.path + "/\(onceID)/withdraw", token: supN)
            #expect(withdrawn.status == 200 && withdrawn.json["withdrawn"] as? Bool == true, "\(withdrawn.text)")
            #expect(try await server.call(.post, Self.path + "/\(onceID)/withdraw", token: supN).status == 404)
            #expect(
                try await server.call(
                    .post, "/api/v1/sites/north/participants/P08/questionnaires/\(onceID)/withdraw", token: supN
                ).status == 404)
            #expect(try await server.call(.post, Self.path + "/999/withdraw", token: supN).status == 404)
            let after = try #require(
                try await server.call(.get, Self.path, token: supN).json["assignments"] as? [[String: Any]])
            #expect(after.map { $0["state"] as? String } == ["withdrawn", "due"])

            // The machines: north's fresh one receives the two assignments and the withdrawal, south's nothing.
            let fetched = try await server.call(
                .get, "/api/v1/sync/prescriptions?kind=questionnaire&after=0", token: north)
            let sent = try #require(fetched.json["prescriptions"] as? [[String: Any]])
            #expect(sent.count == 3 && sent.allSatisfy { $0["kind"] as? String == "questionnaire" })
            #expect(
                try QuestionnaireAssignment.content(Data(try #require(sent[2]["content"] as? String).utf8), file: "t")
                    == .withdraw(onceID))
            #expect(
                try await server.call(.get, "/api/v1/sync/prescriptions?after=0", token: north).text
                    .contains(#""prescriptions":[]"#), "plans only without kind")
            #expect(
                try await server.call(.get, "/api/v1/sync/prescriptions?kind=questionnaire&after=0", token: south)
                    .text.contains(#""prescriptions":[]"#))

            #expect(try await server.database.auditTrail.auditRows(action: "prescription.questionnaire").count == 2)
            let audited = try await server.database.auditTrail.auditRows(
                action: "prescription.questionnaire_withdraw")
            #expect(audited.count == 1 && audited[0].participant == "P07" && audited[0].site == "north")
            // Each reading of the list is a row (the supervisor's two and the researcher's one; another site's 404 none).
            #expect(try await server.database.auditTrail.auditRows(action: "questionnaire_assignments.view").count == 3)
        }
    }

    /// Only the participant's own machines (and one nobody has played on yet) receive it: never another
    /// participant's machine of the site.
    @Test func anAssignmentReachesTheParticipantsOwnMachinesOnly() async throws {
        try await Self.withInstrument { server, _, _ in
            var machines: [String: String] = [:]
            for name in ["home-p07", "home-p08"] {
                machines[name] = try await server.enrolDevice(site: "north", name: name).token
            }
            for (machine, participant) in [("home-p07", "P07"), ("home-p08", "P08")] {
                try await DashboardAlertsTests.sendSession(
                    try DashboardAlertsTests.session(
                        "\(machine)-s", participant: participant, start: Date().addingTimeInterval(-3600)),
                    by: ProjectionTests.Sender(server: server, token: try #require(machines[machine])))
            }
            let supN = try await server.login("sup-n", testPassword)
            let assigned = try await server.call(
                .post, Self.path, token: supN,
                json: #"{"instrument": "sleep-check", "version": 1, "language": "en"}"#)
            #expect(assigned.status == 201)
            func received(_ machine: String) async throws -> Int {
                try #require(
                    try await server.call(
                        .get, "/api/v1/sync/prescriptions?kind=questionnaire&after=0",
                        token: try #require(machines[machine])
                    ).json["prescriptions"] as? [[String: Any]]
                ).count
            }
            #expect(try await received("home-p07") == 1)
            #expect(try await received("home-p08") == 0, "another participant's machine")
        }
    }

    @Test func theParticipantPageAssignsShowsAndWithdrawsAndAResearcherOnlyReads() async throws {
        try await Self.withInstrument { server, _, _ in
            // P07 is known at north once something is held of them: the first assignment by the API.
            let supN = try await server.login("sup-n", testPassword)
            _ = try await server.call(
                .post, Self.path, token: supN,
                json: #"{"instrument": "sleep-check", "version": 1, "language": "en", "every_days": 7, "times": 3}"#)
            let browser = FormClient(server)
            try await browser.signIn("sup-n", testPassword)
            let page = try await browser.send(.get, "/sites/north/participants/P07")
            #expect(page.status == 200 && page.html.contains("Assigned questionnaires"))
            #expect(page.html.contains("every 7 days, 3 times") && page.html.contains("asked 1 of 3 times, answered 0"))
            #expect(page.html.contains("due today"))
            let form = "/sites/north/participants/P07/questionnaire-assignments"
            let made = try await browser.send(
                .post, form, form: [("csrf", page.csrf ?? ""), ("instrument", "1"), ("repeat", "once")])
            #expect(
                made.status == 200 && made.html.contains("Questionnaire sleep-check is assigned to P07"), "\(made.html)"
            )
            let bad = try await browser.send(
                .post, form,
                form: [
                    ("csrf", made.csrf ?? ""), ("instrument", "1"), ("repeat", "every"), ("every_days", "0"),
                    ("times", "3"),
                ])
            #expect(bad.status == 400 && bad.html.contains("1 to 365"))
            #expect(
                try await browser.send(.post, form, form: [("instrument", "1"), ("repeat", "once")]).status == 403,
                "no CSRF token")
            let withdrawn = try await browser.send(
                .post, form + "/1/withdraw", form: [("csrf", made.csrf ?? "")])
            #expect(
                withdrawn.status == 200 && withdrawn.html.contains("Assignment 1 is withdrawn"), "\(withdrawn.html)")
            #expect(withdrawn.html.contains("withdrawn ") && withdrawn.html.contains("answered 0"))

            let researcher = FormClient(server)
            try await researcher.signIn("res", testPassword)
            let read = try await researcher.send(.get, "/sites/north/participants/P07")
            #expect(read.html.contains("Assigned questionnaires") && read.html.contains("every 7 days, 3 times"))
            #expect(!read.html.contains("assign-questionnaire") && !read.html.contains("/withdraw"))
            #expect(
                try await researcher.send(
                    .post, form, form: [("csrf", read.csrf ?? ""), ("instrument", "1"), ("repeat", "once")]
                ).status == 403)
            let other = FormClient(server)
            try await other.signIn("sup-s", testPassword)
            let otherPage = try await other.send(.get, "/sites/south")
            #expect(
                try await other.send(
                    .post, form, form: [("csrf", otherPage.csrf ?? ""), ("instrument", "1"), ("repeat", "once")]
                ).status == 404)
            #expect(try await server.database.auditTrail.auditRows(action: "prescription.questionnaire").count == 2)
        }
    }

    /// Assigned on the server → the real game's sync writes it → it is owed by the reminder's rule → the answer
    /// (the rows a sitting writes) synced up → the page says it is answered.
    @Test func assignedOnTheServerAnsweredOnTheMachineShownAnsweredAfterTheNextSync() async throws {
        let binary = try SyncEndToEndTests.game()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-assign-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var settings = ProcessInfo.processInfo.environment
        settings["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        settings["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        let environment = settings
        try await Self.withInstrument(live: true) { server, _, _ in
            let address = "http://127.0.0.1:\(try #require(server.client.port))"
            let (code, _) = try await server.database.devices.enrolmentCode(site: "north", by: ("test", "admin"))
            let enrolled = try await Spawn.runOffPool(
                [binary, "sync", "--server", address, "--enrol", code], environment: environment)
            #expect(enrolled.status == 0, "\(enrolled.output)")
            let supN = try await server.login("sup-n", testPassword)
            let assigned = try await server.call(
                .post, Self.path, token: supN,
                json: #"{"instrument": "sleep-check", "version": 1, "language": "en"}"#)
            #expect(assigned.status == 201)

            let synced = try await Spawn.runOffPool([binary, "sync", "--logs", logs.path], environment: environment)
            #expect(synced.status == 0, "\(synced.output)")
            #expect(
                synced.output.contains("received 1 questionnaire assignments (P07 sleep-check)"), "\(synced.output)")
            let file = logs.appendingPathComponent("P07/questionnaire-assignments.json")
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(#""instrument" : "sleep-check""#) && text.contains(#""server" : "\#(address)""#))

            // The game's sitting answers it (on_request, its rows as a sitting writes them) and syncs them up.
            let instrument = try InstrumentFile.parseAddable(Data(InstrumentTests.file().utf8), file: "test")
            var administration = Administration(
                id: "A1", participant: "P07", instrument: instrument, moment: QuestionnaireAssignment.moment,
                sessionIndex: nil, startedAt: Date())
            let answers = [("slept", "1.000"), ("note", "fine")].map { item, value in
                QuestionnaireRow(
                    participant: "P07", administration: "A1", instrument: "sleep-check", instrumentVersion: 1,
                    language: "en", moment: .onRequest, sessionIndex: nil, record: .answer, item: item, value: value,
                    recordedAt: Date())
            }
            administration.answers = answers
            let rows = answers + administration.finishingRows(of: instrument, at: Date())
            try Data(
                (CSVWriter.headerLine(QuestionnaireRow.columns)
                    + rows.map { CSVWriter.line($0.values(under: QuestionnaireRow.columns)) }.joined()).utf8
            ).write(to: logs.appendingPathComponent("P07/questionnaires.csv"))
            let up = try await Spawn.runOffPool([binary, "sync", "--logs", logs.path], environment: environment)
            #expect(up.status == 0, "\(up.output)")
            let listed = try #require(
                try await server.call(.get, Self.path, token: supN).json["assignments"] as? [[String: Any]])
            #expect(listed.first?["state"] as? String == "finished" && listed.first?["answered"] as? Int == 1)
            let browser = FormClient(server)
            try await browser.signIn("sup-n", testPassword)
            let page = try await browser.send(.get, "/sites/north/participants/P07")
            #expect(page.html.contains("asked 1 of 1 time, answered 1; finished"), "\(page.html)")
        }
    }
}
