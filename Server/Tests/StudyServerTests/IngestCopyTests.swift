// Ingest through COPY (IngestStaging): what COPY's text format gives a meaning to (tab, newline, carriage return,
// backslash, `\.`, `\N`) is stored exactly, the typed trial columns equal what the codec read, and a batch that
// failed leaves nothing behind for the next.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct IngestCopyTests {
    static let awkward = [
        "tab\there", "line\nbreak", "carriage\r\nreturn", "back\\slash", "\\.", "end \\.\n\\.", "\\N", "\\\\N",
        "\\t not a tab", "ünïcödé 🦊", "",
    ]

    /// Straight into the staging table and back: every text arrives as it was sent.
    @Test func copysSpecialCharactersArriveExactlyAndARolledBackBatchLeavesNothingStaged() async throws {
        try await withServer { server in
            let logger = Logger(label: "test")
            try await server.database.client.withConnection { connection in
                // A batch that fails after its rows were copied: rolled back with them.
                await #expect(throws: (any Error).self) {
                    try await connection.withTransaction(logger: logger) { connection in
                        try await connection.query(IngestStaging.create, logger: logger)
                        try await IngestStaging.stage(
                            ["a\n", "b\n", "c\n"], redacted: [false, false, false], from: 1, trials: nil,
                            on: connection, logger: logger)
                        throw CancellationError()
                    }
                }
                let staged = try await connection.withTransaction(logger: logger) { connection in
                    try await connection.query(IngestStaging.create, logger: logger)
                    try await IngestStaging.stage(
                        Self.awkward, redacted: Self.awkward.map { $0.isEmpty }, from: 7, trials: nil,
                        on: connection, logger: logger)
                    return try await connection.query(
                        "SELECT item, content, redact FROM ingest_rows ORDER BY item", logger: logger
                    ).collect().map { try $0.decode((Int, String, Bool).self) }
                }
                #expect(staged.map(\.0) == Array(7..<(7 + Self.awkward.count)))
                #expect(staged.map(\.1) == Self.awkward)
                #expect(staged.map(\.2) == Self.awkward.map { $0.isEmpty })
                // Emptied at commit: the next batch on this connection starts from nothing.
                let left = try await connection.query("SELECT count(*)::int FROM ingest_rows", logger: logger)
                    .collect().one("the staged rows").decode(Int.self)
                #expect(left == 0)
            }
        }
    }

    /// Through the API: a messages.csv whose texts hold them (a message keeps line breaks, no other control character)
    /// is held item for item as sent, and projected as read.
    @Test func aBatchWithCopysSpecialCharactersIsStoredExactly() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let texts = Self.awkward.filter { text in
                !text.isEmpty && !text.unicodeScalars.contains { $0 == "\t" || $0 == "\r" }
            }
            let items = texts.enumerated().map { offset, text in
                CSVWriter.line(
                    MessageRow(
                        participant: "P01", messageID: "M\(offset + 1)", sender: .patient, text: text, writtenAt: at,
                        recordedAt: at
                    ).values(under: MessageRow.columns))
            }
            let reply = try await server.call(
                .post, "/api/v1/sync/batch", token: device.token,
                json: try SyncTests.body(
                    file: "P01/messages.csv", kind: "messages", header: CSVWriter.headerLine(MessageRow.columns),
                    first: 1, items: items))
            #expect(reply.status == 200 && reply.json["stored"] as? Int == items.count, "\(reply.text)")
            let held = try await PostgresIngest(database: server.database).items(
                device: try #require(UUID(uuidString: device.id)), file: "P01/messages.csv")
            #expect(held.items == items)
            let projected = try await server.database.rows("SELECT text FROM messages").map {
                try $0.decode(String.self)
            }
            #expect(projected.count == texts.count && Set(projected) == Set(texts))
        }
    }

    /// The trial rows' typed columns, copied as text, hold what StudyRecords' codec read (times to the microsecond,
    /// missing numbers NULL), as the arrays bound in binary held them before.
    @Test func theStagedTrialColumnsHoldWhatTheCodecRead() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let id = "20261101T080000Z-c0b1"
            let session = try ProjectionTests.session(id, participant: "P01", offset: 0, machine: "lab-1")
            let sender = ProjectionTests.Sender(server: server, token: device.token)
            try await sender.sendSession(session)
            let rows = try CSVLogFile<TrialRow>.decode(
                Data((CSVWriter.headerLine(TrialRow.columns) + session.trials.joined()).utf8), file: "trials.csv"
            ).records
            let held = try await server.database.rows(
                """
                SELECT trial, onset_at, shot_at, target_bearing_deg, aim_bearing_deg, abs_deviation_deg, time_s,
                  onset_frame, onset_uncertainty_ms, volume_db, profile_version, local_session_index, target, skipped
                FROM trials WHERE session_id = \(id) ORDER BY trial
                """)
            try #require(held.count == rows.count)
            func same(_ a: Double?, _ b: Double?) -> Bool { a == b || (a?.isNaN == true && b?.isNaN == true) }
            for (row, cells) in zip(rows, held) {
                let (
                    trial, onset, shot, bearing, aim, absolute, time, frame, uncertainty, volume, profile, local,
                    target,
                    skipped
                ) = try cells.decode(
                    (
                        Int, Date, Date, Double, Double, Double, Double, Int?, Double?, Double?, Int?, Int, String,
                        Bool
                    ).self)
                #expect(
                    abs(onset.timeIntervalSince(row.onsetAt)) < 1e-6 && abs(shot.timeIntervalSince(row.shotAt)) < 1e-6)
                #expect(
                    same(bearing, row.targetBearingDeg) && same(aim, row.aimBearingDeg)
                        && same(absolute, row.absDeviationDeg) && same(time, row.timeS), "trial \(trial)")
                #expect(frame == row.onsetFrame.map(Int.init) && profile == row.profileVersion)
                #expect(
                    same(uncertainty, row.onsetUncertaintyMS.flatMap { $0.isNaN ? nil : $0 })
                        && same(volume, row.volumeDB.flatMap { $0.isNaN ? nil : $0 }))
                #expect(local == row.sessionIndex && target == row.target && skipped == row.skipped)
            }
        }
    }

    /// A resend after a batch refused half-way (a changed row behind new ones): the refused batch stored nothing,
    /// the resend stores each new row once.
    @Test func aResendAfterARefusedBatchStoresNothingTwice() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let device = try await server.enrolDevice(site: "north")
            let send = { (json: String) in
                try await server.call(.post, "/api/v1/sync/batch", token: device.token, json: json)
            }
            var reply = try await send(try SyncTests.participantsBatch(["P01", "P02"], first: 1))
            #expect(reply.json["stored"] as? Int == 2, "\(reply.text)")
            reply = try await send(try SyncTests.participantsBatch(["P01", "P02", "P03", "P04"], first: 1, age: 31))
            ProblemTests.expectProblem(reply, 409, mentions: "item 1 of participants.csv")
            reply = try await send(try SyncTests.participantsBatch(["P01", "P02", "P03", "P04"], first: 1))
            #expect(reply.json["stored"] as? Int == 2 && reply.json["unchanged"] as? Int == 2, "\(reply.text)")
            let (items, participants) = try await server.database.rows(
                """
                SELECT (SELECT count(*)::int FROM sync_items WHERE file = 'participants.csv'),
                  (SELECT count(*)::int FROM participants)
                """
            ).one("the counts").decode((Int, Int).self)
            #expect(items == 4 && participants == 4)
            let stores = try await server.database.auditTrail.auditRows().filter { $0.action == "sync.store" }
            #expect(stores.count == 2)
        }
    }

    /// A new batch of a session's trials is copied straight into `trials` (`storeNewTrials`), twice for a file sent
    /// in two halves; the same session's trials from a second machine of its participant find them held and take
    /// the staging path: held as that machine's items, the trial rows projected and counted once.
    @Test func aSessionsTrialsSentInHalvesAndAgainFromASecondMachineAreProjectedOnce() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let first = try await server.enrolDevice(site: "north")
            let second = try await server.enrolDevice(site: "north", name: "lab-2")
            let id = "20261101T080000Z-c0b2"
            let session = try ProjectionTests.session(id, participant: "P01", offset: 0, machine: "lab-1")
            let file = "\(session.folder)/trials.csv"
            let header = CSVWriter.headerLine(TrialRow.columns)
            let half = session.trials.count / 2
            let sender = ProjectionTests.Sender(server: server, token: first.token)
            try await sender.send(
                file: file, kind: "trials", header: header, first: 1, items: Array(session.trials[..<half]))
            try await sender.send(
                file: file, kind: "trials", header: header, first: half + 1, items: Array(session.trials[half...]))
            try await sender.send(
                file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil,
                items: [session.state])
            let fromFirst = try await ProjectionTests.snapshot(server.database)
            let reply = try await server.call(
                .post, "/api/v1/sync/batch", token: second.token,
                json: try SyncTests.body(file: file, kind: "trials", header: header, first: 1, items: session.trials))
            #expect(reply.status == 200 && reply.json["stored"] as? Int == session.trials.count, "\(reply.text)")
            let (items, trials, counted) = try await server.database.rows(
                """
                SELECT (SELECT count(*)::int FROM sync_items WHERE file = \(file)),
                  (SELECT count(*)::int FROM trials WHERE session_id = \(id)),
                  (SELECT trial_count FROM sessions WHERE session_id = \(id))
                """
            ).one("the counts").decode((Int, Int, Int).self)
            #expect(items == 2 * session.trials.count)
            #expect(trials == session.trials.count && counted == session.trials.count)
            // The projections are what the first machine's batches made of them.
            #expect(try await ProjectionTests.snapshot(server.database) == fromFirst)
        }
    }

    @Test func timestampsAreWrittenInUTCToTheMicrosecond() {
        func written(_ seconds: TimeInterval) -> String {
            var text = CopyText(capacity: 64)
            text.timestamp(Date(timeIntervalSince1970: seconds))
            return String(decoding: text.buffer.readableBytesView, as: UTF8.self)
        }
        #expect(written(0) == "1970-01-01 00:00:00.000000+00")
        #expect(written(1_795_000_000.25) == "2026-11-18 11:06:40.250000+00")
        #expect(written(946_684_799.5) == "1999-12-31 23:59:59.500000+00")
        #expect(written(951_782_400) == "2000-02-29 00:00:00.000000+00")
        #expect(written(4_102_444_800) == "2100-01-01 00:00:00.000000+00")
        #expect(written(253_402_300_800.000001) == "10000-01-01 00:00:00.000000+00")
        #expect(written(-0.5) == "1969-12-31 23:59:59.500000+00")
    }

    @Test func integersAreWrittenInDecimal() {
        var text = CopyText(capacity: 64)
        for value in [0, 7, -42, 1_000_000, Int.max, Int.min] { text.int(value) }
        #expect(
            String(decoding: text.buffer.readableBytesView, as: UTF8.self)
                == "0\t7\t-42\t1000000\t9223372036854775807\t-9223372036854775808")
    }
}
