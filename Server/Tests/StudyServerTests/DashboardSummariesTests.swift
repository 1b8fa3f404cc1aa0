// The summaries the participants table reads: kept right by ingest (more syncs, a resend, a deletion), equal to a
// recomputation from scratch, and the SQL form of PlanSchedule's opened windows equal to PlanSchedule.
import Foundation
import PostgresNIO
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct DashboardSummariesTests {
    @Test func theSQLRuleOfOpenedWindowsEqualsPlanSchedule() async throws {
        try await withServer { server in
            let template = try JSONSerialization.jsonObject(with: Data(try RoleMatrixTests.trainingPlan().utf8))
            let day = 86_400.0
            // Assigned at the start, the middle and the last second of a UTC day; read from 3 days before to 40
            // after, at several times of day.
            let base = Date(timeIntervalSince1970: 1_795_000_000 - 1_795_000_000.truncatingRemainder(dividingBy: day))
            var cases: [(assigned: Date, perWeek: Int, total: Int, today: Date, opened: Int)] = []
            for perWeek in [1, 2, 3, 5, 7, 10, 14] {
                for total in [1, 4, 10] {
                    var object = try #require(template as? [String: Any])
                    object["sessions_per_week"] = perWeek
                    object["total_sessions"] = total
                    let json = try JSONDecoder().decode(
                        JSONValue.self, from: try JSONSerialization.data(withJSONObject: object))
                    for assignedOffset in [0.0, 43_200, day - 1] {
                        let assigned = try AssignedPlan(
                            version: 1, assignedAt: base.addingTimeInterval(assignedOffset), source: "test",
                            planJSON: json, url: URL(fileURLWithPath: "P/plan-001.json"))
                        for days in -3...40 {
                            for time in [0.0, 1, 50_000, day - 1] {
                                let today = base.addingTimeInterval(Double(days) * day + time)
                                let schedule = PlanSchedule(assigned: assigned, done: 0, inProgress: nil, today: today)
                                cases.append((assigned.assignedAt, perWeek, total, today, schedule.opened))
                            }
                        }
                    }
                }
            }
            let sql = try await server.database.rows(
                """
                SELECT plan_sessions_opened(a, w, t, d) FROM unnest(\(cases.map(\.assigned))::timestamptz[],
                  \(cases.map(\.perWeek))::int[], \(cases.map(\.total))::int[], \(cases.map(\.today))::timestamptz[])
                  WITH ORDINALITY AS u(a, w, t, d, n) ORDER BY n
                """
            ).map { try $0.decode(Int.self) }
            #expect(sql.count == cases.count)
            let differing = zip(cases, sql).filter { $0.opened != $1 }
            #expect(differing.isEmpty, "\(differing.prefix(5))")
            #expect(Set(cases.map(\.opened)).count > 5)
        }
    }

    /// The table as ingest left it, and the same after every summary was recomputed from the tables.
    static func table(_ db: StudyDatabase, now: Date) async throws -> (
        kept: [ParticipantTableRow], fresh: [ParticipantTableRow]
    ) {
        let kept = try await db.dashboard.participantTable(site: "north", now: now)
        _ = try await db.rebuildSummaries(site: "north")
        return (kept, try await db.dashboard.participantTable(site: "north", now: now))
    }

    static func summaryRows(_ db: StudyDatabase) async throws -> [String] {
        try await db.rows(
            """
            SELECT t::text FROM (SELECT * FROM participant_summaries ORDER BY site_id, participant) t
            UNION ALL SELECT t::text FROM (SELECT * FROM session_summaries ORDER BY session_id) t
            """
        ).map { try $0.decode(String.self) }
    }

    @Test func ingestKeepsTheSummariesRightThroughMoreSyncsAResendAndADeletion() async throws {
        try await withServer { server in
            let db = server.database
            try await db.sites.addSite("north")
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "home-1").token)
            let lab = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "lab-1").token)
            let now = Date()
            let day = 86_400.0
            let planName = "localization-training-10x12"
            let header = CSVWriter.headerLine(TrialRow.columns)
            func trials(_ id: String, _ participant: String, shift: Double) throws -> [String] {
                try DashboardParticipantsTableTests.trials(id, participant: participant, shift: shift, plan: planName)
                    .map { CSVWriter.line($0.values) }
            }
            func session(_ id: String, _ participant: String, daysAgo: Double, n: Int, completed: Bool = true) throws
                -> (folder: String, state: String)
            {
                try DashboardAlertsTests.session(
                    id, participant: participant, start: now.addingTimeInterval(-daysAgo * day)
                ) {
                    $0.plan = PlanReference(name: planName, version: 1, session: n, totalSessions: 10)
                    $0.completed = completed
                    if !completed { $0.endedBy = nil }
                }
            }

            // C1: a plan and one session; the session's trials in two batches, its state after.
            try await DashboardAlertsTests.sendPlan("C1", at: now.addingTimeInterval(-12 * day), by: home)
            let first = try session("c1-1", "C1", daysAgo: 11, n: 1)
            let rows = try trials(DashboardAlertsTests.id(of: first), "C1", shift: 8)
            try await home.send(
                file: "\(first.folder)/trials.csv", kind: "trials", header: header, first: 1,
                items: Array(rows.prefix(10)))
            try await home.send(
                file: "\(first.folder)/trials.csv", kind: "trials", header: header, first: 11,
                items: Array(rows.dropFirst(10)))
            try await DashboardAlertsTests.sendSession(first, by: home)
            var (kept, fresh) = try await Self.table(db, now: now)
            #expect(kept == fresh)
            var c1 = try #require(kept.first { $0.participant == "C1" })
            let whole = SessionSummary.of(
                try CSVLogFile<TrialRow>.decode(Data((header + rows.joined()).utf8), file: "t").records)
            #expect(c1.sessions == 1 && c1.done == 1 && c1.due == 6 && c1.missed == 4)
            #expect(c1.firstWeekDeviation == whole.medianAbsDeviationDeg && c1.threshold == whole.staircaseThreshold)

            // More syncs: a second session from another machine (its state first, then its trials), a rating, a
            // registration of a new participant, an unfinished third session.
            let second = try session("c1-2", "C1", daysAgo: 2, n: 2)
            try await DashboardAlertsTests.sendSession(second, by: lab)
            try await lab.send(
                file: "\(second.folder)/trials.csv", kind: "trials", header: header, first: 1,
                items: try trials(DashboardAlertsTests.id(of: second), "C1", shift: 0))
            try await DashboardAlertsTests.sendRatings(
                "C1", loudness: [(now.addingTimeInterval(-10 * day), 0.6), (now.addingTimeInterval(-day), 0.4)],
                by: home)
            let registration = ParticipantRecord(participant: try ParticipantID("C2"), registeredAt: now)
            try await home.send(
                file: "participants.csv", kind: "participants", header: CSVWriter.headerLine(ParticipantRecord.columns),
                first: 1, items: [CSVWriter.line(registration.values(under: ParticipantRecord.columns))])
            try await DashboardAlertsTests.sendSession(
                try session("c1-3", "C1", daysAgo: 0, n: 3, completed: false), by: lab)
            (kept, fresh) = try await Self.table(db, now: now)
            #expect(kept == fresh)
            #expect(kept.map(\.participant) == ["C1", "C2"])
            c1 = try #require(kept.first { $0.participant == "C1" })
            #expect(c1.sessions == 3 && c1.done == 2 && c1.dueNext == "session 3 (interrupted)")
            #expect(c1.firstLoudness == 0.6 && c1.lastLoudness == 0.4 && c1.lastSync != nil)
            #expect(c1.lastWeekDeviation != c1.firstWeekDeviation)

            // A resend of what is held changes nothing.
            let before = try await Self.summaryRows(db)
            try await DashboardAlertsTests.sendSession(second, by: lab)
            try await home.send(
                file: "\(first.folder)/trials.csv", kind: "trials", header: header, first: 1, items: rows)
            #expect(try await Self.summaryRows(db) == before)

            // A deletion removes the participant's summaries, and theirs only.
            _ = try await db.participantData.deleteParticipant(
                site: "north", participant: "C1", by: ("admin", "admin"), requestID: nil)
            let left = try await Self.summaryRows(db)
            #expect(left.count == 1 && left[0].contains("C2"), "\(left)")
            (kept, fresh) = try await Self.table(db, now: now)
            #expect(kept == fresh && kept.map(\.participant) == ["C2"])
        }
    }

    @Test func skippedAnimalsAreNoPhotosInTheKeptSummaryNorOnTheParticipantsPage() async throws {
        try await withServer { server in
            let db = server.database
            try await db.sites.addSite("north")
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "home-1").token)
            let header = CSVWriter.headerLine(TrialRow.columns)
            let state = try DashboardAlertsTests.session("s-1", participant: "S1", start: Date()) { _ in }
            let id = DashboardAlertsTests.id(of: state)
            var rows = try DashboardParticipantsTableTests.trials(id, participant: "S1", shift: 0, plan: "p")
            for index in [0, 3, 4] { rows[index].skipped = true }
            try await home.send(
                file: "\(state.folder)/trials.csv", kind: "trials", header: header, first: 1,
                items: rows.map { CSVWriter.line($0.values) })
            try await DashboardAlertsTests.sendSession(state, by: home)
            let expected = SessionSummary.of(rows)
            #expect(expected.skipped == 3 && expected.photos == rows.count - 3)
            let kept = try await db.rows(
                "SELECT trial_count, photos, median_abs_deviation_deg FROM session_summaries WHERE session_id = \(id)"
            ).first!.decode((Int, Int, Double?).self)
            #expect(kept.0 == rows.count && kept.1 == expected.photos)
            #expect(kept.2 == expected.medianAbsDeviationDeg)
            let page = try #require(
                try await db.participantPages.participantSessions(site: "north", participant: "S1").first?.summary)
            #expect(page.photos == expected.photos && page.skipped == 3)
            #expect(page == expected, "a participant's page reads the kept summary whole")
            // A kept summary from before migration 64, or one that no longer matches the trials, is not believed:
            // the page summarises the trials again.
            _ = try await db.rows("UPDATE session_summaries SET skipped = NULL, photos = 999")
            #expect(
                try await db.participantPages.participantSessions(site: "north", participant: "S1").first?.summary
                    == expected)
            _ = try await db.rows("UPDATE session_summaries SET skipped = 0, trial_count = 1")
            #expect(
                try await db.participantPages.participantSessions(site: "north", participant: "S1").first?.summary
                    == expected)
            _ = try await db.rows("DELETE FROM session_summaries")
            #expect(
                try await db.participantPages.participantSessions(site: "north", participant: "S1").first?.summary
                    == expected)
        }
    }

    @Test func thePageIsCountedAndPaginatedInSQL() async throws {
        try await withServer { server in
            let db = server.database
            try await db.sites.addSite("north")
            _ = try await db.accounts.addUser(name: "res", role: .researcher, sites: [], password: testPassword)
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "home-1").token)
            let now = Date()
            let ids = (1...120).map { String(format: "R%03d", $0) }
            try await home.send(
                file: "participants.csv", kind: "participants", header: CSVWriter.headerLine(ParticipantRecord.columns),
                first: 1,
                items: try ids.map {
                    CSVWriter.line(
                        ParticipantRecord(participant: try ParticipantID($0), registeredAt: now).values(
                            under: ParticipantRecord.columns))
                })
            let page = try await db.dashboard.participantsPage(
                sites: ["north"], plan: nil, state: .all, sort: .participant, descending: true, page: 2, perPage: 50,
                now: now)
            #expect(page.total == 120 && page.page == 2)
            #expect(page.rows.map(\.participant) == Array(ids.reversed()[50..<100]))
            let past = try await db.dashboard.participantsPage(
                sites: ["north"], plan: nil, state: .all, sort: .participant, descending: false, page: 9, perPage: 50,
                now: now)
            #expect(past.page == 3 && past.rows.map(\.participant) == Array(ids[100...]))

            let browser = FormClient(server)
            try await browser.signIn("res", testPassword)
            let third = try await browser.send(.get, "/participants?page=3")
            #expect(DashboardParticipantsTableTests.participants(third.html) == Array(ids[100...]))
            #expect(third.html.contains("page=2") && !third.html.contains("page=4"))
        }
    }
}
