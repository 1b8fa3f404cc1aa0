// The trials ingest path (items and projection in few statements): a resend stores and counts nothing twice, other
// content under a held key or a gap is refused with nothing of the batch written.
import Foundation
import PostgresNIO
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct IngestTests {
    @Test func aTrialsBatchOverlappingWhatIsHeldStoresOnlyItsNewRowsAndCountsEachTrialOnce() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let id = "20261101T080000Z-a1b2"
            let session = try ProjectionTests.session(id, participant: "P01", offset: 0, machine: "lab-1")
            let file = "\(session.folder)/trials.csv"
            let header = CSVWriter.headerLine(TrialRow.columns)
            let send = { (first: Int, items: [String]) in
                try await server.call(
                    .post, "/api/v1/sync/batch", token: device.token,
                    json: try SyncTests.body(file: file, kind: "trials", header: header, first: first, items: items))
            }
            let counts = { () async throws -> (trials: Int, counted: Int) in
                try await server.database.rows(
                    """
                    SELECT (SELECT count(*)::int FROM trials WHERE session_id = \(id)),
                      (SELECT trial_count FROM sessions WHERE session_id = \(id))
                    """
                ).first!.decode((Int, Int).self)
            }
            let rows = session.trials
            try #require(rows.count > 10)
            let state = try await server.call(
                .post, "/api/v1/sync/batch", token: device.token,
                json: try SyncTests.body(
                    file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil,
                    items: [session.state]))
            #expect(state.json["stored"] as? Int == 1, "\(state.text)")

            var reply = try await send(1, Array(rows[0..<10]))
            #expect(reply.json["stored"] as? Int == 10 && reply.json["held"] as? Int == 10, "\(reply.text)")
            // The whole file again: the 10 held are unchanged, the rest stored, and each trial is counted once.
            reply = try await send(1, rows)
            #expect(reply.json["stored"] as? Int == rows.count - 10, "\(reply.text)")
            #expect(reply.json["unchanged"] as? Int == 10 && reply.json["held"] as? Int == rows.count)
            var (trials, counted) = try await counts()
            #expect(trials == rows.count && counted == rows.count)
            reply = try await send(1, rows)
            #expect(reply.json["stored"] as? Int == 0 && reply.json["unchanged"] as? Int == rows.count)
            (trials, counted) = try await counts()
            #expect(trials == rows.count && counted == rows.count)

            // Row 5 changed after it was sent, with one new row behind it: a 409 naming FILE#5, and the new row
            // is not stored either.
            var changed = try CSVLogFile<TrialRow>.decode(Data((header + rows[4]).utf8), file: file).records[0]
            changed.timeS += 1
            let extra = rows[rows.count - 1].replacingOccurrences(of: "\n", with: "")
            let conflict = try await send(
                5, [CSVWriter.line(changed.values(under: TrialRow.columns))] + Array(rows[5...]) + ["\(extra)\n"])
            ProblemTests.expectProblem(conflict, 409, mentions: "item 5 of \(file)")
            #expect(conflict.json["key"] as? String == "\(file)#5")
            // A gap: nothing stored, and where to resume.
            let gap = try await send(rows.count + 2, [rows[0]])
            ProblemTests.expectProblem(gap, 409, mentions: "send from item \(rows.count + 1)")

            let held = try await PostgresIngest(database: server.database).items(
                device: try #require(UUID(uuidString: device.id)), file: file)
            #expect(held.items == rows)
            (trials, counted) = try await counts()
            #expect(trials == rows.count && counted == rows.count)
            let stores = try await server.database.auditTrail.auditRows().filter { $0.action == "sync.store" }
            #expect(stores.count == 3, "session.json, then the two batches that stored rows")
        }
    }
}
