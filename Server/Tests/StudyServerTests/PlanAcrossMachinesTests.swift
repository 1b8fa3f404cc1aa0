// Issue 39, 5.1: one prescribed plan applied on a participant's two machines is one plan, whichever machine played.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct PlanAcrossMachinesTests {
    /// The example plan as the machine at `file` wrote prescription `source`: each machine numbers it itself.
    static func sendPlan(
        _ participant: String, version: Int, at: Date, source: String, by sender: ProjectionTests.Sender
    ) async throws {
        let file = "\(participant)/\(AssignedPlan.fileName(version: version))"
        let plan = try AssignedPlan(
            version: version, assignedAt: at, source: source,
            planJSON: try JSONDecoder().decode(JSONValue.self, from: Data(try RoleMatrixTests.trainingPlan().utf8)),
            url: URL(fileURLWithPath: file))
        try await sender.send(
            file: file, kind: "plan", header: nil, first: 1, items: [String(decoding: plan.encoded(), as: UTF8.self)])
    }

    /// Home wrote the prescription as its plan 3 and played sessions 1–4; the lab PC applied it eight days later as
    /// its plan 1 and played session 5. The plan is 5 of 10 done on the participants table, the participant's page
    /// and the overview's alerts alike, its calendar runs from home's day, and a plan of the same name that the lab
    /// made itself (another source) counts nothing towards it.
    @Test func aPrescriptionAppliedOnTwoMachinesIsOnePlanWithEverySessionCounted() async throws {
        try await withServer { server in
            let db = server.database
            try await db.sites.addSite("north")
            _ = try await db.accounts.addUser(name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "home-1").token)
            let lab = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "lab-1").token)
            let now = Date()
            let day = 86_400.0
            let source = AssignedPlan.prescriptionSource(id: 1, server: "https://study.example")
            #expect(AssignedPlan.prescription(inSource: source) == 1)
            #expect(AssignedPlan.prescription(inSource: "examples/plan.json") == nil)
            try await Self.sendPlan("P07", version: 3, at: now.addingTimeInterval(-10 * day), source: source, by: home)
            try await Self.sendPlan("P07", version: 1, at: now.addingTimeInterval(-2 * day), source: source, by: lab)
            for (k, sender, version, daysAgo) in [
                (1, home, 3, 9.0), (2, home, 3, 8), (3, home, 3, 6), (4, home, 3, 4), (5, lab, 1, 1),
            ] {
                try await DashboardAlertsTests.sendSession(
                    try DashboardAlertsTests.session(
                        "s\(k)", participant: "P07", start: now.addingTimeInterval(-daysAgo * day)
                    ) {
                        $0.plan = PlanReference(
                            name: "localization-training-10x12", version: version, session: k, totalSessions: 10)
                    }, by: sender)
            }
            let summary = try await db.rows(
                "SELECT plan_done, plan_version, plan_assigned_at FROM participant_summaries WHERE participant = 'P07'"
            ).map { try $0.decode((Int?, Int?, Date?).self) }
            #expect(summary.count == 1 && summary.first?.0 == 5, "\(summary)")
            #expect(summary.first?.1 == 3, "the copy applied first stands for the plan")
            let assigned = try #require(summary.first?.2)
            #expect(abs(assigned.timeIntervalSince(now.addingTimeInterval(-10 * day))) < 1, "home's day")

            let browser = FormClient(server)
            try await browser.signIn("sup", testPassword)
            let page = DashboardParticipantPageTests.text(
                try await browser.send(.get, "/sites/north/participants/P07").html)
            #expect(page.contains("5 of 10 sessions done"), "\(page.prefix(600))")

            // A plan of the same name the lab PC made itself (no prescription), with the same number as a
            // machine's copy: its own assignment, and sessions of the prescription's copies do not count for it.
            try await Self.sendPlan("P07", version: 2, at: now.addingTimeInterval(-1), source: "lab's own", by: lab)
            let own = try await db.rows(
                "SELECT plan_done, plan_version FROM participant_summaries WHERE participant = 'P07'"
            ).map { try $0.decode((Int?, Int?).self) }
            #expect(own.first?.0 == 0 && own.first?.1 == 2, "\(own)")
        }
    }

    /// Whose machines receive a prescription: the participant's own (they played there), and one on which nobody
    /// has played yet (a home PC set up before its first session); a shared machine (a lab PC where others played
    /// too) only when the prescription says so; never a machine that is another participant's. Plan files do not
    /// make a machine anyone's: it wrote them from prescriptions.
    @Test func aPrescriptionReachesTheParticipantsOwnMachinesAndALabPCOnlyWhenAsked() async throws {
        try await withServer { server in
            let db = server.database
            try await db.sites.addSite("north")
            _ = try await db.accounts.addUser(name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let token = try await server.login("sup", testPassword)
            var machines: [String: (token: String, id: String)] = [:]
            for name in ["home-p07", "home-p08", "lab", "new"] {
                machines[name] = try await server.enrolDevice(site: "north", name: name)
            }
            let now = Date()
            for (machine, participants) in [("home-p07", ["P07"]), ("home-p08", ["P08"]), ("lab", ["P07", "P08"])] {
                let sender = ProjectionTests.Sender(server: server, token: try #require(machines[machine]).token)
                for participant in participants {
                    try await DashboardAlertsTests.sendSession(
                        try DashboardAlertsTests.session(
                            "\(machine)-\(participant)", participant: participant, start: now.addingTimeInterval(-3600)),
                        by: sender)
                }
            }
            // The home PC of P08 also holds a plan file of P07 it wrote from an earlier prescription: not P07's machine.
            try await Self.sendPlan(
                "P07", version: 1, at: now.addingTimeInterval(-60), source: "https://x prescription 9",
                by: ProjectionTests.Sender(server: server, token: try #require(machines["home-p08"]).token))
            let plan = try RoleMatrixTests.trainingPlan()
            let path = "/api/v1/sites/north/participants/P07/plans"
            let home = try await server.call(.post, path, token: token, json: plan)
            #expect(home.status == 201, "\(home.text)")
            let everywhere = try await server.call(.post, path + "?shared_machines=true", token: token, json: plan)
            #expect(everywhere.status == 201, "\(everywhere.text)")
            ProblemTests.expectProblem(
                try await server.call(.post, path + "?shared_machines=yes", token: token, json: plan), 400,
                mentions: "shared_machines=yes")
            func received(_ machine: String) async throws -> [Int] {
                let reply = try await server.call(
                    .get, "/api/v1/sync/prescriptions?after=0", token: try #require(machines[machine]).token)
                return try #require(reply.json["prescriptions"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            }
            let ids = [home.json["id"] as? Int, everywhere.json["id"] as? Int].compactMap { $0 }
            #expect(try await received("home-p07") == ids)
            #expect(try await received("new") == ids)
            #expect(try await received("lab") == [ids[1]], "the lab keeps its settings unless asked")
            #expect(try await received("home-p08").isEmpty, "another participant's home PC")
            #expect(try await db.auditTrail.auditRows(action: "prescription.plan").count == 2)
        }
    }
}
