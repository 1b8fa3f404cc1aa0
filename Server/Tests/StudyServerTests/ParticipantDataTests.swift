// An admin's export and deletion of one participant: everything held of them, at their site only, audited.
import Foundation
import PostgresNIO
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct ParticipantDataTests {
    /// Site north with P07 (a session, its trials, a plan prescription) and P08 on one machine, and site south with
    /// its own P07 (another person: IDs are pseudonyms of a site) on another.
    static func study(_ server: Harness) async throws -> (north: (token: String, id: String), south: String) {
        for site in ["north", "south"] { try await server.database.sites.addSite(site) }
        _ = try await server.database.accounts.addUser(name: "root", role: .admin, sites: [], password: testPassword)
        let north = try await server.enrolDevice(site: "north", name: "lab-1")
        let south = try await server.enrolDevice(site: "south", name: "lab-2")
        for (token, ids) in [(north.token, ["P07", "P08"]), (south.token, ["P07"])] {
            let reply = try await server.call(
                .post, "/api/v1/sync/batch", token: token, json: try SyncTests.participantsBatch(ids, first: 1))
            try #require(reply.status == 200, "\(reply.text)")
            let sender = ProjectionTests.Sender(server: server, token: token)
            for (n, id) in ids.enumerated() {
                try await sender.sendSession(
                    try ProjectionTests.session(
                        "20261126T01405\(n)Z-\(token == north.token ? "aa" : "bb")\(n)\(n)", participant: id,
                        offset: Double(n) * 3600, machine: "m"))
            }
        }
        _ = try await server.database.prescriptions.prescribe(
            kind: "plan", site: "north", participant: "P07", content: try RoleMatrixTests.trainingPlan(),
            by: ("test", "admin"), requestID: nil)
        return (north, south.token)
    }

    /// Rows per table of one site's participant, and the synced files under their folder.
    static func counts(_ server: Harness, site: String, participant: String) async throws -> [String: Int] {
        try #require(try await server.database.participantData.holdings(site: site, participant: participant)).counts
    }

    @Test func deletionRemovesOneParticipantOfOneSiteAndIsAudited() async throws {
        try await withServer { server in
            let (north, southToken) = try await Self.study(server)
            let admin = try await server.login("root", testPassword)
            let before = try await Self.counts(server, site: "north", participant: "P07")
            #expect(before["files"] == 2 && before["sessions"] == 1 && before["registration_rows"] == 1)
            #expect((before["trials"] ?? 0) > 0 && before["prescriptions"] == 1 && before["participants"] == 1)
            let untouched = [
                "north P08": try await Self.counts(server, site: "north", participant: "P08"),
                "south P07": try await Self.counts(server, site: "south", participant: "P07"),
            ]

            let reply = try await server.call(.delete, "/api/v1/sites/north/participants/P07", token: admin)
            #expect(reply.status == 200, "\(reply.text)")
            #expect((reply.json["deleted"] as? [String: Int]) == before)
            let after = try await Self.counts(server, site: "north", participant: "P07")
            #expect(after.values.allSatisfy { $0 == 0 }, "\(after)")
            #expect(try await Self.counts(server, site: "north", participant: "P08") == untouched["north P08"])
            #expect(try await Self.counts(server, site: "south", participant: "P07") == untouched["south P07"])

            // participants.csv keeps P07's row as its number and hash only; P08's row is as it was.
            let registrations = try await server.database.ingest.items(
                device: try #require(UUID(uuidString: north.id)), file: "participants.csv")
            #expect(registrations.items.count == 2 && registrations.items[0].isEmpty)
            #expect(registrations.items[1].hasPrefix("P08,"))

            let audit = try #require(
                try await server.database.auditTrail.auditRows(action: "participant.delete").last, "no audit row")
            #expect(audit.site == "north" && audit.participant == "P07" && audit.actor == "root")
            #expect(audit.before?.contains(#""sessions": "1""#) == true, "\(audit.before ?? "")")
            #expect(audit.after?.contains(#""sessions": "0""#) == true, "\(audit.after ?? "")")

            // The machine is told, and its P07 files are refused; its participants.csv resends as unchanged.
            let state = try await server.call(.get, "/api/v1/sync/state", token: north.token)
            #expect(state.json["deleted"] as? [String] == ["P07"])
            let session = try ProjectionTests.session(
                "20261126T014050Z-aa00", participant: "P07", offset: 0, machine: "m")
            let refused = try await server.call(
                .post, "/api/v1/sync/batch", token: north.token,
                json: try SyncTests.body(
                    file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil,
                    items: [session.state]))
            ProblemTests.expectProblem(refused, 410, mentions: "remove the folder P07")
            let resent = try await server.call(
                .post, "/api/v1/sync/batch", token: north.token,
                json: try SyncTests.participantsBatch(["P07", "P08", "P07"], first: 1))
            #expect(resent.status == 200 && resent.json["unchanged"] as? Int == 2, "\(resent.text)")
            #expect(resent.json["stored"] as? Int == 1)
            // A later row of the deleted participant is kept as its number and hash only, and never projected.
            let items = try await server.database.ingest.items(
                device: try #require(UUID(uuidString: north.id)), file: "participants.csv")
            #expect(items.items.count == 3 && items.items[2].isEmpty)
            #expect(try await Self.counts(server, site: "north", participant: "P07")["participants"] == 0)
            let changed = try await server.call(
                .post, "/api/v1/sync/batch", token: north.token,
                json: try SyncTests.participantsBatch(["P07"], first: 1, age: 44))
            ProblemTests.expectProblem(changed, 409, mentions: "item 1 of participants.csv")

            // Nothing left to delete; the other site's machine syncs its P07 as before.
            let again = try await server.call(.delete, "/api/v1/sites/north/participants/P07", token: admin)
            ProblemTests.expectProblem(again, 404, mentions: "holds nothing of participant P07")
            let south = try await server.call(.get, "/api/v1/sync/state", token: southToken)
            #expect(south.json["deleted"] as? [String] == [])
        }
    }

    /// Batches of the participant sent while the deletion runs: each is either deleted with the rest or refused
    /// (410), never left behind, and none fails otherwise.
    @Test func batchesSentDuringADeletionAreDeletedOrRefused() async throws {
        try await withServer { server in
            let (north, _) = try await Self.study(server)
            let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
                group.addTask {
                    var statuses: [Int] = []
                    for n in 0..<24 {
                        let session = try ProjectionTests.session(
                            String(format: "20261127T0000%02dZ-cc%02d", n, n), participant: "P07",
                            offset: Double(n) * 60, machine: "m")
                        for (file, kind, header, first, items) in [
                            (
                                "\(session.folder)/trials.csv", "trials", CSVWriter.headerLine(TrialRow.columns),
                                1 as Int?, session.trials
                            ),
                            ("\(session.folder)/session.json", "session", nil, nil, [session.state]),
                        ] {
                            let reply = try await server.call(
                                .post, "/api/v1/sync/batch", token: north.token,
                                json: try SyncTests.body(
                                    file: file, kind: kind, header: header, first: first, items: items))
                            statuses.append(reply.status)
                        }
                    }
                    return statuses
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: 200_000_000)
                    _ = try await server.database.participantData.deleteParticipant(
                        site: "north", participant: "P07", by: ("test", "admin"))
                    return []
                }
                return try await group.reduce([], +)
            }
            #expect(Set(statuses).isSubset(of: [200, 410]), "\(statuses)")
            #expect(try await Self.counts(server, site: "north", participant: "P07").values.allSatisfy { $0 == 0 })
            #expect(try await Self.counts(server, site: "north", participant: "P08")["sessions"] == 1)
        }
    }

    @Test func exportHoldsEveryFileOfTheParticipantAsSentAndIsAudited() async throws {
        try await withServer { server in
            let (north, _) = try await Self.study(server)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("participant-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            var sink = try FolderSink(folder: folder)
            let entries = try await server.database.participantData.exportParticipant(
                site: "north", participant: "P07", to: &sink, by: ("test", "admin"))
            let machine = north.id.lowercased()
            let session = try ProjectionTests.session(
                "20261126T014050Z-aa00", participant: "P07", offset: 0, machine: "m")
            #expect(
                Set(entries) == [
                    "\(machine)/participants.csv", "\(machine)/\(session.folder)/session.json",
                    "\(machine)/\(session.folder)/trials.csv", "prescriptions/1-plan.json", "audit.csv",
                ])
            func read(_ name: String) throws -> String {
                try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            #expect(try read("\(machine)/\(session.folder)/session.json") == session.state)
            #expect(
                try read("\(machine)/\(session.folder)/trials.csv")
                    == CSVWriter.headerLine(TrialRow.columns) + session.trials.joined())
            let registration = try CSVLogFile<ParticipantRecord>.decode(
                Data(try read("\(machine)/participants.csv").utf8), file: "participants.csv")
            #expect(registration.records.map(\.participant.value) == ["P07"])
            #expect(try read("prescriptions/1-plan.json") == (try RoleMatrixTests.trainingPlan()))
            #expect(try read("audit.csv").contains("prescription.plan"))
            let attributes = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(machine).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
            #expect(
                try await server.database.auditTrail.auditRows(action: "participant.export").last?.participant == "P07")

            // Over the API: the same files as one ZIP, for admins only.
            let admin = try await server.login("root", testPassword)
            let zip = try await server.call(.get, "/api/v1/sites/north/participants/P07/export", token: admin)
            #expect(zip.status == 200 && zip.contentType == "application/zip")
            let unknown = try await server.call(.get, "/api/v1/sites/north/participants/P99/export", token: admin)
            ProblemTests.expectProblem(unknown, 404, mentions: "holds nothing of participant P99")
        }
    }
}
