// The projection tables: filled at ingest from StudyRecords' codecs, sessions numbered per participant across
// machines, and the migration's backfill giving the same rows from the items held.
import Foundation
import Logging
import PostgresNIO
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct ProjectionTests {
    static let sampleFolder = "P07/20261126T014050Z-18a8"

    /// The sample session's session.json and trials.csv rows, read by StudyRecords' codecs.
    static func sample() throws -> (record: SessionRecord, trials: [TrialRow]) {
        let base = SyncTests.examples.appendingPathComponent(sampleFolder)
        let record = try SessionRecord.decode(
            try Data(contentsOf: base.appendingPathComponent("session.json")), file: "session.json")
        let trials = try CSVLogFile<TrialRow>.decode(
            try Data(contentsOf: base.appendingPathComponent("trials.csv")), file: "trials.csv")
        return (record, trials.records)
    }

    /// The sample session as another session of `participant`, started `offset` seconds later, on another machine.
    static func session(_ id: String, participant: String, offset: TimeInterval, machine: String) throws -> (
        folder: String, state: String, trials: [String]
    ) {
        var (record, trials) = try sample()
        record.sessionID = id
        record.participant = participant
        record.startedAt = record.startedAt.addingTimeInterval(offset)
        record.environment.deviceID = machine
        let lines = trials.map { row -> String in
            var row = row
            row.sessionID = id
            row.participant = participant
            row.deviceID = machine
            return CSVWriter.line(row.values(under: TrialRow.columns))
        }
        return ("\(participant)/\(id)", String(decoding: try record.encoded(), as: UTF8.self), lines)
    }

    struct Sender {
        let server: Harness
        let token: String

        func send(file: String, kind: String, header: String?, first: Int?, items: [String]) async throws {
            let reply = try await server.call(
                .post, "/api/v1/sync/batch", token: token,
                json: try SyncTests.body(file: file, kind: kind, header: header, first: first, items: items))
            try #require(reply.status == 200, "\(file): \(reply.text)")
        }

        func sendSession(_ session: (folder: String, state: String, trials: [String])) async throws {
            try await send(
                file: "\(session.folder)/trials.csv", kind: "trials", header: CSVWriter.headerLine(TrialRow.columns),
                first: 1, items: session.trials)
            try await send(
                file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil,
                items: [session.state])
        }
    }

    /// Every row of the projection tables as text, ordered, for comparing a backfill with ingest.
    static func snapshot(_ database: StudyDatabase) async throws -> [String] {
        var lines: [String] = []
        for (table, order) in [
            ("participants", "site_id, participant"), ("sessions", "session_id"), ("trials", "session_id, trial"),
            ("ratings", "device_id, file, record"), ("plans", "device_id, file"),
        ] {
            let query = PostgresQuery(
                unsafeSQL: "SELECT t::text FROM (SELECT * FROM \(table) ORDER BY \(order)) t")
            lines += try await database.rows(query).map { "\(table) " + (try $0.decode(String.self)) }
        }
        return lines.map {
            // updated_at is the time of projecting, not data.
            $0.replacingOccurrences(of: #",\"20[0-9-]+ [0-9:.+]+\"\)$"#, with: ")", options: .regularExpression)
        }
    }

    @Test func ingestFillsTheTablesAndNumbersSessionsAcrossMachinesByStartTime() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let lab = Sender(server: server, token: try await server.enrolDevice(site: "north", name: "lab-1").token)
            let home = Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "home-P07").token)

            // A registration, then a correction (later registered_at) on another machine: the latest is current.
            let header = CSVWriter.headerLine(ParticipantRecord.columns)
            let first = ParticipantRecord(
                participant: try ParticipantID("P07"), age: 40, registeredAt: Date(timeIntervalSince1970: 1_800_000_000)
            )
            var corrected = first
            corrected.age = 41
            corrected.registeredAt = first.registeredAt.addingTimeInterval(3600)
            try await home.send(
                file: "participants.csv", kind: "participants", header: header, first: 1,
                items: [CSVWriter.line(corrected.values(under: ParticipantRecord.columns))])
            try await lab.send(
                file: "participants.csv", kind: "participants", header: header, first: 1,
                items: [CSVWriter.line(first.values(under: ParticipantRecord.columns))])

            // The home machine's session started later but is sent first; both are "session 1" on their machine.
            let later = try Self.session("20261127T100000Z-aaaa", participant: "P07", offset: 86_400, machine: "d-home")
            let earlier = try Self.session("20261126T014050Z-18a8", participant: "P07", offset: 0, machine: "d-lab")
            try await home.sendSession(later)
            try await lab.sendSession(earlier)

            let sessions = try await server.database.rows(
                "SELECT session_id, session_index, local_session_index, trial_count, machine_id, protocol FROM sessions ORDER BY session_id"
            ).map { try $0.decode((String, Int, Int, Int, String, String).self) }
            #expect(sessions.map(\.0) == ["20261126T014050Z-18a8", "20261127T100000Z-aaaa"])
            #expect(sessions.map(\.1) == [1, 2], "the server numbers by started_at across machines")
            #expect(sessions.map(\.2) == [1, 1])
            #expect(sessions.map(\.3) == [15, 15])
            #expect(sessions.map(\.4) == ["d-lab", "d-home"])
            #expect(sessions[0].5 == "thesis-study")

            let participant = try await server.database.rows(
                "SELECT age, registered_at, first_registered_at FROM participants WHERE participant = 'P07'"
            ).map { try $0.decode((Int, Date, Date).self) }
            #expect(participant.count == 1 && participant[0].0 == 41)
            #expect(participant[0].2 == first.registeredAt)

            let trial = try await server.database.rows(
                "SELECT target, deviation_deg, time_s, round FROM trials WHERE session_id = '20261126T014050Z-18a8' AND trial = 2"
            ).map { try $0.decode((String, Double, Double, Int).self) }
            #expect(trial.count == 1 && trial[0].0 == "frog" && trial[0].1 == 4.77 && trial[0].2 == 2.223)

            // A newer state of a session replaces the projected one; the numbering stays.
            var state = try SessionRecord.decode(Data(earlier.state.utf8), file: "session.json")
            state.completed = !state.completed
            try await lab.send(
                file: "\(earlier.folder)/session.json", kind: "session", header: nil, first: nil,
                items: [String(decoding: try state.encoded(), as: UTF8.self)])
            let completed = try await server.database.rows(
                "SELECT completed, state_item FROM sessions WHERE session_id = '20261126T014050Z-18a8'"
            ).map { try $0.decode((Bool, Int).self) }
            #expect(completed.first?.0 == state.completed && completed.first?.1 == 2)

            // Ratings and a plan.
            let rating = RatingRow(
                participant: "P07", sessionID: earlier.folder.components(separatedBy: "/")[1], sessionIndex: 1,
                moment: .after, item: "tinnitus_loudness", value: 0.35,
                answeredAt: Date(timeIntervalSince1970: 1_800_000_100), language: "de")
            try await lab.send(
                file: "P07/ratings.csv", kind: "ratings", header: CSVWriter.headerLine(RatingRow.columns), first: 1,
                items: [CSVWriter.line(rating.values)])
            // The home machine's ratings.csv was begun before the language column (issue 41): it keeps its header, and
            // its rows, a prompt's here, are taken with the language not recorded.
            let prompt = RatingRow(
                participant: "P07", sessionID: nil, sessionIndex: nil, moment: .prompt, item: "tinnitus_loudness",
                value: 0.6, answeredAt: Date(timeIntervalSince1970: 1_800_000_200),
                promptedAt: Date(timeIntervalSince1970: 1_800_000_150), language: "de")
            try await home.send(
                file: "P07/ratings.csv", kind: "ratings", header: CSVWriter.headerLine(RatingRow.columnsBeforeLanguage),
                first: 1, items: [CSVWriter.line(prompt.values(under: RatingRow.columnsBeforeLanguage))])
            let ratings = try await server.database.rows(
                "SELECT item, value, skipped, language FROM ratings ORDER BY answered_at"
            ).map { try $0.decode((String, Double, Bool, String?).self) }
            #expect(ratings.count == 2 && ratings[0].0 == "tinnitus_loudness" && ratings[0].1 == 0.35 && !ratings[0].2)
            #expect(ratings.map(\.3) == ["de", nil])
            #expect(ratings[1].1 == 0.6)
            let plan = try AssignedPlan(
                version: 1, assignedAt: Date(timeIntervalSince1970: 1_800_000_000), source: "test",
                planJSON: try JSONDecoder().decode(JSONValue.self, from: Data(try RoleMatrixTests.trainingPlan().utf8)),
                url: URL(fileURLWithPath: "P07/plan-001.json"))
            try await lab.send(
                file: "P07/plan-001.json", kind: "plan", header: nil, first: 1,
                items: [String(decoding: plan.encoded(), as: UTF8.self)])
            let plans = try await server.database.rows("SELECT participant, version, name FROM plans").map {
                try $0.decode((String, Int, String).self)
            }
            #expect(plans.count == 1 && plans[0].0 == "P07" && plans[0].1 == 1 && plans[0].2 == plan.plan.name)

            // The backfill (migration 4's Swift step) makes the same rows from the items held.
            let ingested = try await Self.snapshot(server.database)
            try await server.database.execute("TRUNCATE participants, sessions, trials, ratings, plans")
            try await server.database.client.withConnection { connection in
                // In a transaction, as migration 4 runs it (the staging table empties at each commit).
                try await connection.withTransaction(logger: Logger(label: "test")) { connection in
                    try await PostgresIngest.backfillProjections(on: connection, logger: Logger(label: "test"))
                }
            }
            #expect(try await Self.snapshot(server.database) == ingested)
            #expect(ingested.filter { $0.hasPrefix("trials ") }.count == 30)
        }
    }
}
