// Ingest: items keyed by (device, file, item number), an identical resend stores nothing, other content is a 409.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct SyncTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/sample-session")

    /// participants.csv records as the game writes them (StudyRecords' codec), as a batch body.
    static func participantsBatch(_ ids: [String], first: Int, age: Int = 30) throws -> String {
        let items = try ids.map {
            CSVWriter.line(
                ParticipantRecord(
                    participant: try ParticipantID($0), age: age,
                    registeredAt: Date(timeIntervalSince1970: 1_800_000_000)
                ).values(under: ParticipantRecord.columns))
        }
        return try body(
            file: "participants.csv", kind: "participants", header: CSVWriter.headerLine(ParticipantRecord.columns),
            first: first, items: items)
    }

    static func body(file: String, kind: String, header: String?, first: Int?, items: [String]) throws -> String {
        var object: [String: Any] = ["file": file, "kind": kind, "items": items]
        if let header { object["header"] = header }
        if let first { object["first"] = first }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func anIdenticalResendStoresNothingAndOtherContentUnderAHeldKeyIsRefused() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let send = { (json: String) in
                try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: json)
            }

            var reply = try await send(try Self.participantsBatch(["P01", "P02", "P03"], first: 1))
            #expect(reply.status == 200 && reply.json["stored"] as? Int == 3, "\(reply.text)")
            reply = try await send(try Self.participantsBatch(["P01", "P02", "P03"], first: 1))
            #expect(reply.json["stored"] as? Int == 0 && reply.json["unchanged"] as? Int == 3)
            reply = try await send(try Self.participantsBatch(["P03", "P04"], first: 3))
            #expect(reply.json["stored"] as? Int == 1 && reply.json["held"] as? Int == 4)

            let changed = try await send(try Self.participantsBatch(["P02"], first: 2, age: 31))
            ProblemTests.expectProblem(changed, 409, mentions: "item 2 of participants.csv")
            #expect(changed.json["key"] as? String == "participants.csv#2")
            let gap = try await send(try Self.participantsBatch(["P09"], first: 7))
            ProblemTests.expectProblem(gap, 409, mentions: "send from item 5")

            let state = try await server.call(.get, "/api/v1/sync/state", token: device.token)
            let files = try #require(state.json["files"] as? [[String: Any]])
            #expect(files.count == 1 && files[0]["held"] as? Int == 4)
            let held = try await server.database.ingest.items(
                device: try #require(UUID(uuidString: device.id)), file: "participants.csv")
            #expect(held.items.count == 4 && held.items[1].hasPrefix("P02,30,"))
            #expect(try await server.database.auditTrail.auditRows().filter { $0.action == "sync.store" }.count == 2)
        }
    }

    @Test func recordsAreReadWithStudyRecordsAndBadOnesWriteNothing() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let send = { (json: String) in
                try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: json)
            }
            let header = CSVWriter.headerLine(ParticipantRecord.columns)
            let bad = try Self.body(
                file: "participants.csv", kind: "participants", header: header, first: 1,
                items: ["P01,abc,,,,,,,2027-01-15T08:00:00.000Z\n"])
            ProblemTests.expectProblem(try await send(bad), 400, mentions: "participants.csv")
            let misplaced = try Self.body(
                file: "../etc/participants.csv", kind: "participants", header: header, first: 1, items: [])
            ProblemTests.expectProblem(try await send(misplaced), 400, mentions: "not where")
            let kind = try Self.body(file: "P01/notes.txt", kind: "notes", header: nil, first: 1, items: ["x"])
            ProblemTests.expectProblem(try await send(kind), 400, mentions: "\"notes\"")
            let twoInOne = try Self.body(
                file: "participants.csv", kind: "participants", header: header, first: 1,
                items: [
                    "P01,,,,,,,,2027-01-15T08:00:00.000Z\nP02,,,,,,,,2027-01-15T08:00:00.000Z\n"
                ])
            ProblemTests.expectProblem(try await send(twoInOne), 400, mentions: "one record per item")
            let state = try await server.call(.get, "/api/v1/sync/state", token: device.token)
            #expect((state.json["files"] as? [Any])?.count == 0, "nothing may be written: \(state.text)")
        }
    }

    @Test func aTrackerLogIsTakenInItsSessionFolderReadByItsCodecAndABadReadingWritesNothing() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let send = { (json: String) in
                try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: json)
            }
            let header = CSVWriter.headerLine(TrackerRow.columns)
            let file = "P07/20261126T014050Z-18a8/tracker.csv"
            let reading = "2026-11-26T01:40:51.016Z,sample,opentrack,opentrack,13.000,,,,,,12.500,1,0.500,0,\n"
            let bad = try Self.body(
                file: file, kind: "tracker", header: header, first: 1,
                items: [reading, reading.replacingOccurrences(of: ",1,0.500,", with: ",2,0.500,")])
            let refused = try await send(bad)
            ProblemTests.expectProblem(refused, 400, mentions: "yaw_sign")
            #expect((refused.json["detail"] as? String)?.contains("\(file):3") == true, "\(refused.text)")
            let misplaced = try Self.body(
                file: "P07/tracker.csv", kind: "tracker", header: header, first: 1, items: [reading])
            ProblemTests.expectProblem(try await send(misplaced), 400, mentions: "not where")
            var state = try await server.call(.get, "/api/v1/sync/state", token: device.token)
            #expect((state.json["files"] as? [Any])?.count == 0, "nothing may be written: \(state.text)")

            let good = try Self.body(file: file, kind: "tracker", header: header, first: 1, items: [reading])
            let reply = try await send(good)
            #expect(reply.status == 200 && reply.json["stored"] as? Int == 1, "\(reply.text)")
            state = try await server.call(.get, "/api/v1/sync/state", token: device.token)
            let files = try #require(state.json["files"] as? [[String: Any]])
            #expect(files.count == 1 && files[0]["kind"] as? String == "tracker" && files[0]["held"] as? Int == 1)
        }
    }

    @Test func aResultPictureIsTakenOnceAsAPNGAndAnythingElseIsRefused() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let send = { (json: String) in
                try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: json)
            }
            let session = try #require(
                try FileManager.default.contentsOfDirectory(
                    at: Self.examples.appendingPathComponent("P07"), includingPropertiesForKeys: nil
                ).first)
            let png = try Data(contentsOf: session.appendingPathComponent("round-01.png"))
            let file = "P07/\(session.lastPathComponent)/round-01.png"
            let notPNG = try Self.body(
                file: file, kind: "picture", header: nil, first: 1, items: [Data("GIF89a".utf8).base64EncodedString()])
            ProblemTests.expectProblem(try await send(notPNG), 400, mentions: "not a PNG")
            let notBase64 = try Self.body(file: file, kind: "picture", header: nil, first: 1, items: ["%%%"])
            ProblemTests.expectProblem(try await send(notBase64), 400, mentions: "base64")
            let misplaced = try Self.body(
                file: "P07/progress.png", kind: "picture", header: nil, first: 1, items: [png.base64EncodedString()])
            ProblemTests.expectProblem(try await send(misplaced), 400, mentions: "not where")
            let second = try Self.body(
                file: file, kind: "picture", header: nil, first: 2, items: [png.base64EncodedString()])
            ProblemTests.expectProblem(try await send(second), 400, mentions: "never rewritten")

            let good = try Self.body(
                file: file, kind: "picture", header: nil, first: 1, items: [png.base64EncodedString()])
            var reply = try await send(good)
            #expect(reply.status == 200 && reply.json["stored"] as? Int == 1, "\(reply.text)")
            reply = try await send(good)
            #expect(reply.json["stored"] as? Int == 0 && reply.json["unchanged"] as? Int == 1)
            var other = png
            other[other.count - 1] ^= 0xFF
            let changed = try Self.body(
                file: file, kind: "picture", header: nil, first: 1, items: [other.base64EncodedString()])
            ProblemTests.expectProblem(try await send(changed), 409, mentions: "item 1 of \(file)")
            let held = try await PostgresIngest(database: server.database).items(
                device: try #require(UUID(uuidString: device.id)), file: file)
            #expect(held.items.count == 1 && Data(base64Encoded: held.items[0]) == png)
        }
    }

    @Test func aSessionJSONKeepsEveryDistinctStateAndTheLatestIsLast() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let folder = try #require(
                FileManager.default.enumerator(atPath: Self.examples.path)?.compactMap { $0 as? String }
                    .first { $0.hasSuffix("session.json") })
            let original = try String(contentsOf: Self.examples.appendingPathComponent(folder), encoding: .utf8)
            let record = try SessionRecord.decode(Data(original.utf8), file: folder)
            var later = record
            later.completed = !record.completed
            let updated = String(decoding: try later.encoded(), as: UTF8.self)
            let send = { (text: String) in
                try await server.call(
                    .post, "/api/v1/sync/batch", token: device.token,
                    json: try Self.body(file: folder, kind: "session", header: nil, first: nil, items: [text]))
            }
            #expect(try await send(original).json["stored"] as? Int == 1)
            #expect(try await send(original).json["stored"] as? Int == 0)
            #expect(try await send(updated).json["held"] as? Int == 2)
            #expect(try await send(updated).json["stored"] as? Int == 0)
            let held = try await PostgresIngest(database: server.database).items(
                device: try #require(UUID(uuidString: device.id)), file: folder)
            #expect(held.items == [original, updated])
            ProblemTests.expectProblem(try await send("{\"session_id\": 3}"), 400, mentions: "session.json")
        }
    }

    @Test func aPrescribedPlanIsCheckedAndReachesOnlyItsSitesMachinesAfterTheLastApplied() async throws {
        try await withServer { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let token = try await server.login("sup", testPassword)
            let north = try await server.enrolDevice(site: "north")
            let south = try await server.enrolDevice(site: "south")
            let path = "/api/v1/sites/north/participants/P07/plans"
            ProblemTests.expectProblem(
                try await server.call(.post, path, token: token, json: #"{"name": "no sessions"}"#), 400,
                mentions: "plan")
            ProblemTests.expectProblem(
                try await server.call(.post, "/api/v1/sites/north/participants/P%2007/plans", token: token, json: "{}"),
                400, mentions: "participant ID")
            let created = try await server.call(.post, path, token: token, json: try RoleMatrixTests.trainingPlan())
            #expect(created.status == 201, "\(created.text)")
            let id = try #require(created.json["id"] as? Int)
            let fetched = try await server.call(.get, "/api/v1/sync/prescriptions?after=0", token: north.token)
            let list = try #require(fetched.json["prescriptions"] as? [[String: Any]])
            #expect(list.count == 1 && list[0]["participant"] as? String == "P07")
            #expect(list[0]["content"] as? String == (try RoleMatrixTests.trainingPlan()))
            let later = try await server.call(.get, "/api/v1/sync/prescriptions?after=\(id)", token: north.token)
            #expect((later.json["prescriptions"] as? [Any])?.count == 0)
            let other = try await server.call(.get, "/api/v1/sync/prescriptions?after=0", token: south.token)
            #expect((other.json["prescriptions"] as? [Any])?.count == 0)
            ProblemTests.expectProblem(
                try await server.call(.get, "/api/v1/sync/prescriptions?after=x", token: north.token), 400,
                mentions: "after=x")
            #expect(
                try await server.database.auditTrail.auditRows().filter { $0.action == "prescription.plan" }.count == 1)
        }
    }
}
