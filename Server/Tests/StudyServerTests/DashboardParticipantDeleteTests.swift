// Deleting a participant from their page: the admin's alone, asked first (what is held, what deleting does), then done
// as the command line and the API do it (one transaction, audited, the ID refused from then on).
import Foundation
import Testing

@testable import StudyServer

@Suite struct DashboardParticipantDeleteTests {
    static func text(_ html: String) -> String { DashboardParticipantPageTests.text(html) }

    @Test func anAdminIsAskedFirstThenTheParticipantIsDeletedAndAudited() async throws {
        try await withParticipantStudy { server, home in
            let root = FormClient(server)
            try await root.signIn("root", testPassword)
            let page = try await root.send(.get, "/sites/A/participants/P07")
            #expect(page.html.contains(#"id="delete-participant""#))
            let held = try #require(try await server.database.participantData.holdings(site: "A", participant: "P07"))
            // The first post asks, says what is held, and deletes nothing.
            let asked = try await root.send(
                .post, "/sites/A/participants/P07/delete", form: [("csrf", page.csrf ?? "")])
            #expect(asked.status == 200)
            let question = Self.text(asked.html)
            #expect(question.contains("Delete everything the server holds of P07 at A (\(held.description))?"))
            #expect(question.contains("Yes, delete P07") && question.contains("No, keep P07"))
            #expect(try await server.database.participantData.holdings(site: "A", participant: "P07") == held)
            #expect(try await server.database.auditTrail.auditRows(action: "participant.delete").isEmpty)
            // A confirmation without the form's token is refused.
            let forged = try await root.send(.post, "/sites/A/participants/P07/delete", form: [("confirm", "yes")])
            #expect(forged.status == 403)
            #expect(try await server.database.participantData.holdings(site: "A", participant: "P07") == held)

            let deleted = try await root.send(
                .post, "/sites/A/participants/P07/delete", form: [("csrf", asked.csrf ?? ""), ("confirm", "yes")])
            #expect(
                deleted.status == 200 && Self.text(deleted.html).contains("Deleted P07 of A: "), "\(deleted.status)")
            #expect(try await server.database.participantData.holdings(site: "A", participant: "P07")?.isEmpty ?? true)
            let audited = try await server.database.auditTrail.auditRows(action: "participant.delete")
            #expect(audited.count == 1 && audited[0].actor == "root" && audited[0].participant == "P07")
            // B's participant is untouched, the page is gone, the ID is refused from then on.
            #expect(try await server.database.participantData.holdings(site: "B", participant: "P99")?.isEmpty == false)
            #expect(try await root.send(.get, "/sites/A/participants/P07").status == 404)
            let again = try await root.send(
                .post, "/sites/A/participants/P07/delete", form: [("csrf", deleted.csrf ?? ""), ("confirm", "yes")])
            #expect(again.status == 404)
            let session = try ParticipantStudy.session(number: 9, participant: "P07", profileVersion: 1)
            let refused = try await server.call(
                .post, "/api/v1/sync/batch", token: home.token,
                json: try SyncTests.body(
                    file: "\(session.folder)/trials.csv", kind: "trials", header: SyncBoundaryTests.header, first: 1,
                    items: session.trials))
            ProblemTests.expectProblem(refused, 410, mentions: "P07")
        }
    }

    @Test func onlyTheAdminSeesTheButtonAndMayDelete() async throws {
        try await withParticipantStudy { server, _ in
            for (name, status) in [("sup-a", 403), ("res", 403), ("sup-b", 404)] {
                let other = FormClient(server)
                try await other.signIn(name, testPassword)
                let page = try await other.send(.get, "/")
                try #require(page.csrf != nil)
                if name != "sup-b" {
                    let own = try await other.send(.get, "/sites/A/participants/P07")
                    #expect(!own.html.contains("delete-participant"), "\(name) sees no delete button")
                }
                for confirm in [[], [("confirm", "yes")]] {
                    let refused = try await other.send(
                        .post, "/sites/A/participants/P07/delete", form: [("csrf", page.csrf ?? "")] + confirm)
                    #expect(refused.status == status, "\(name) \(confirm): \(refused.status)")
                }
            }
            #expect(try await server.database.auditTrail.auditRows(action: "participant.delete").isEmpty)
            #expect(try await server.database.participantData.holdings(site: "A", participant: "P07")?.isEmpty == false)
            // An admin asking for a participant held nowhere, or another spelling: the page's 404.
            let root = FormClient(server)
            try await root.signIn("root", testPassword)
            let page = try await root.send(.get, "/")
            for participant in ["P08", "p07", "P0%E2%80%8B7", "P99"] {
                let missing = try await root.send(
                    .post, "/sites/A/participants/\(participant)/delete",
                    form: [("csrf", page.csrf ?? ""), ("confirm", "yes")])
                #expect(missing.status == 404, "\(participant)")
            }
            #expect(try await server.database.auditTrail.auditRows(action: "participant.delete").isEmpty)
        }
    }
}
