// Whom a machine serves (migration 85, `machine_participants`): the participant a code was made for, those registered
// or played on it, those who wrote from it. A machine receives the team's answers and the web questionnaire's rows of
// those participants only, and a participant's own machine nobody else's prescriptions.
import Foundation
import Testing

@testable import StudyServer

@Suite struct MachineParticipantsTests {
    /// Enrols a machine with `code` and returns its token and the device the answer names.
    static func enrol(_ server: Harness, code: String, name: String) async throws -> (
        token: String, device: [String: Any]
    ) {
        let reply = try await server.call(.post, "/api/v1/enrol", json: #"{"code":"\#(code)","name":"\#(name)"}"#)
        try #require(reply.status == 201, "enrolment: \(reply.text)")
        return (try #require(reply.json["token"] as? String), try #require(reply.json["device"] as? [String: Any]))
    }

    /// North's machine registered P07. A code made for P07 enrols P07's home PC, one for P08 P08's, and a code of the
    /// site a machine nobody has used yet. P07 answers on the web and the team answers P07's message: the machine
    /// that registered P07 and P07's home PC receive both; P08's home PC and the unused machine receive neither. A plan
    /// for P07 reaches P07's machines and the unused one (a site's code: the documented rule), never P08's.
    @Test func aMachineReceivesTheAnswersAndWebRowsOfThoseItServesOnly() async throws {
        try await withQuestionnaireLink { server, north, supervisor, path in
            let supN = try await server.login("sup-n", testPassword)
            func code(_ query: String) async throws -> Reply {
                try await server.call(.post, "/api/v1/sites/north/enrolment-codes\(query)", token: supN)
            }
            let forP07 = try await code("?participant=P07")
            #expect(forP07.status == 201 && forP07.json["participant"] as? String == "P07", "\(forP07.text)")
            let home = try await Self.enrol(
                server, code: try #require(forP07.json["code"] as? String), name: "home-p07")
            #expect(home.device["participant"] as? String == "P07")
            let forP08 = try await code("?participant=P08")
            let other = try await Self.enrol(
                server, code: try #require(forP08.json["code"] as? String), name: "home-p08")
            let ofSite = try await code("")
            #expect(ofSite.status == 201 && ofSite.json["participant"] == nil, "\(ofSite.text)")
            let unused = try await Self.enrol(server, code: try #require(ofSite.json["code"] as? String), name: "new")
            #expect(unused.device["participant"] == nil)

            // P07 answers one item on the web; the team writes to P07.
            let patient = FormClient(server)
            let page = try await patient.send(.get, path)
            let answered = try await patient.send(
                .post, path, form: [("csrf", page.csrf ?? ""), ("item", "slept"), ("value", "1.000")])
            #expect(answered.status == 303 || answered.status == 200, "\(answered.html.prefix(300))")
            let message = try await server.call(
                .post, "/api/v1/sites/north/participants/P07/messages", token: supN,
                json: #"{"text":"See you on Monday."}"#)
            #expect(message.status == 201, "\(message.text)")
            let plan = try await server.call(
                .post, "/api/v1/sites/north/participants/P07/plans", token: supN,
                json: try RoleMatrixTests.trainingPlan())
            #expect(plan.status == 201, "\(plan.text)")

            func fetched(_ route: String, _ key: String, by token: String) async throws -> [String] {
                let reply = try await server.call(.get, "/api/v1/sync/\(route)?after=0", token: token)
                #expect(reply.status == 200, "\(reply.text)")
                return try #require(reply.json[key] as? [[String: Any]]).compactMap { $0["participant"] as? String }
            }
            for (machine, token) in [("north", north), ("home-p07", home.token)] {
                #expect(try await fetched("messages", "answers", by: token) == ["P07"], "\(machine)")
                #expect(try await fetched("web-answers", "rows", by: token) == ["P07"], "\(machine)")
                #expect(try await fetched("prescriptions", "prescriptions", by: token) == ["P07"], "\(machine)")
            }
            for (machine, token) in [("home-p08", other.token), ("new", unused.token)] {
                #expect(try await fetched("messages", "answers", by: token).isEmpty, "\(machine)")
                #expect(try await fetched("web-answers", "rows", by: token).isEmpty, "\(machine)")
            }
            #expect(try await fetched("prescriptions", "prescriptions", by: other.token).isEmpty, "P08's home PC")
            #expect(try await fetched("prescriptions", "prescriptions", by: unused.token) == ["P07"])

            // The machines' list and the site page name whose machine each is; the code and the enrolment are audited
            // with the participant.
            let listed = try await server.call(.get, "/api/v1/sites/north/devices", token: supN)
            let devices = try #require(listed.json["devices"] as? [[String: Any]])
            #expect(devices.compactMap { $0["participant"] as? String } == ["P07", "P08"], "\(listed.text)")
            let sitePage = try await supervisor.send(.get, "/sites/north")
            #expect(sitePage.html.contains("home-p07 <small>(for P07)</small>"), "\(sitePage.html)")
            let codes = try await server.database.auditTrail.auditRows(action: "device.code")
            #expect(codes.suffix(3).map(\.participant) == ["P07", "P08", nil], "the harness's two codes come first")
            let enrolments = try await server.database.auditTrail.auditRows(action: "device.enrol")
            #expect(enrolments.suffix(3).map(\.participant) == ["P07", "P08", nil])
        }
    }

    /// A code for an ID that is none is a 400 naming it (API) or the form again with the sentence and the draft
    /// (page), and stores no code; a deleted participant's ID gets no machine again (410).
    @Test func aCodeForAnIDThatIsNoneOrDeletedIsRefused() async throws {
        try await withQuestionnaireLink { server, _, supervisor, _ in
            let supN = try await server.login("sup-n", testPassword)
            let codesBefore = try await server.database.auditTrail.auditRows(action: "device.code").count
            ProblemTests.expectProblem(
                try await server.call(.post, "/api/v1/sites/north/enrolment-codes?participant=P%2F07", token: supN),
                400, mentions: "The participant ID P/07 is not valid")
            let page = try await supervisor.send(.get, "/sites/north")
            let refused = try await supervisor.send(
                .post, "/sites/north/enrolment-code", form: [("csrf", page.csrf ?? ""), ("for_participant", "@me")])
            #expect(refused.status == 400)
            #expect(refused.html.contains("The participant ID @me is not valid"), "\(refused.html.prefix(2000))")
            #expect(refused.html.contains(#"name="for_participant" value="@me""#))
            #expect(try await server.database.auditTrail.auditRows(action: "device.code").count == codesBefore)

            let admin = try await server.login("root", testPassword)
            let deleted = try await server.call(.delete, "/api/v1/sites/north/participants/P07", token: admin)
            #expect(deleted.status == 200, "\(deleted.text)")
            ProblemTests.expectProblem(
                try await server.call(.post, "/api/v1/sites/north/enrolment-codes?participant=P07", token: supN),
                410, mentions: "never taken back")
            #expect(try await server.database.auditTrail.auditRows(action: "device.code").count == codesBefore)
        }
    }
}
