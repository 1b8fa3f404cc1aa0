// The participants table across sites: plan adherence, weekly medians, threshold, ratings; filtered and sorted.
import Foundation
import Localization
import PostgresNIO
import StudyRecords
import Synchronization
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct DashboardParticipantsTableTests {
    /// The sample session's rows as session `id` of `participant`, deviations shifted by `shift`, each row trained
    /// in `plan` with a staircase at `15 + row` degrees turning at every third row.
    static func trials(_ id: String, participant: String, shift: Double, plan: String) throws -> [TrialRow] {
        let lines = try ProjectionTests.session(id, participant: participant, offset: 0, machine: "home-1").trials
        let header = Data(CSVWriter.headerLine(TrialRow.columns).utf8)
        return try CSVLogFile<TrialRow>.decode(header + Data(lines.joined().utf8), file: "t").records.enumerated().map {
            k, row in
            var row = row
            row.absDeviationDeg += shift
            row.training = TrainingColumns(
                plan: plan, difficultyParameter: "hit_tolerance_deg", difficultyValue: 15 + Double(k), hit: k % 2 == 0,
                staircaseReversal: k % 3 == 2)
            return row
        }
    }

    /// The participant column's IDs of the table page, in order.
    static func participants(_ html: String) -> [String] {
        html.components(separatedBy: "<tr><td><a href=\"/sites/").dropFirst().map {
            String($0.drop { $0 != "/" }.dropFirst("/participants/".count).prefix { $0 != "\"" })
        }
    }

    @Test func theTableShowsEachRulesNumbersAndFiltersAndSortsOnTheServer() async throws {
        try await withServer { server in
            let db = server.database
            for site in ["north", "south"] { try await db.sites.addSite(site) }
            _ = try await db.accounts.addUser(name: "res", role: .researcher, sites: [], password: testPassword)
            _ = try await db.accounts.addUser(
                name: "sup-s", role: .supervisor, sites: ["south"], password: testPassword)
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "home-1").token)
            let lab = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "south", name: "lab-s").token)
            let now = Date()
            let day = 86_400.0
            let planName = "localization-training-10x12"
            // B1 (north): plan assigned 10 days ago, sessions 1 and 2 played 9 and 1 days ago: 5 due, 2 done,
            // 2 missed; the first week's deviations 10° above the last week's.
            try await DashboardAlertsTests.sendPlan("B1", at: now.addingTimeInterval(-10 * day), by: home)
            var expected: [(first: [Double], last: [Double], threshold: Double?)] = []
            for (n, daysAgo, shift) in [(1, 9.0, 10.0), (2, 1.0, 0.0)] {
                let id = "b1-\(n)"
                let session = try DashboardAlertsTests.session(
                    id, participant: "B1", start: now.addingTimeInterval(-daysAgo * day)
                ) { $0.plan = PlanReference(name: planName, version: 1, session: n, totalSessions: 10) }
                let lines = try Self.trials(
                    DashboardAlertsTests.id(of: session), participant: "B1", shift: shift, plan: planName
                ).map {
                    CSVWriter.line($0.values)
                }
                try await home.send(
                    file: "\(session.folder)/trials.csv", kind: "trials",
                    header: CSVWriter.headerLine(TrialRow.columns),
                    first: 1, items: lines)
                try await DashboardAlertsTests.sendSession(session, by: home)
                // The rows as the server holds them (the CSV's precision), summarised by the one computation.
                let stored = try CSVLogFile<TrialRow>.decode(
                    Data((CSVWriter.headerLine(TrialRow.columns) + lines.joined()).utf8), file: "trials.csv")
                let summary = SessionSummary.of(stored.records)
                expected.append(
                    ([summary.medianAbsDeviationDeg], [summary.medianAbsDeviationDeg], summary.staircaseThreshold))
            }
            // B2 (north): plan assigned today, nothing missed. S1 (south): no plan, one session, loudness 0.3 → 0.5.
            try await DashboardAlertsTests.sendPlan("B2", at: now, by: home)
            try await DashboardAlertsTests.sendSession(
                try DashboardAlertsTests.session("s1-1", participant: "S1", start: now.addingTimeInterval(-2 * day)),
                by: lab)
            try await DashboardAlertsTests.sendRatings(
                "S1", loudness: [(now.addingTimeInterval(-3 * day), 0.3), (now.addingTimeInterval(-day), 0.5)], by: lab)

            let table = try await db.dashboard.participantTable(site: "north", now: now)
            let b1 = try #require(table.first { $0.participant == "B1" })
            #expect(b1.plan == "\(planName) v1" && b1.done == 2 && b1.due == 5 && b1.missed == 2)
            #expect(b1.firstWeekDeviation == expected[0].first[0] && b1.lastWeekDeviation == expected[1].last[0])
            #expect(b1.threshold == expected[1].threshold && b1.threshold != nil)
            #expect(b1.sessions == 2)
            // The last sync is the newest item a machine of B1's sessions sent (kept on the machine's row at ingest).
            let newest = try await db.rows(
                """
                SELECT max(i.received_at) FROM sync_items i WHERE i.device_id IN (
                  SELECT device_id FROM sessions WHERE participant = 'B1')
                """
            ).first!.decode(Date?.self)
            #expect(b1.lastSync != nil && b1.lastSync == newest)
            let b2 = try #require(table.first { $0.participant == "B2" })
            #expect(b2.missed == 0 && b2.done == 0 && b2.due == 1 && b2.dueNext == "session 1 today")

            let browser = FormClient(server)
            try await browser.signIn("res", testPassword)
            let all = try await browser.send(.get, "/participants")
            #expect(all.status == 200 && Self.participants(all.html) == ["B1", "B2", "S1"])
            #expect(
                all.html.contains(
                    String(
                        format: "<td>2 of 5 due</td><td>2</td><td>%@</td><td>%.1f → %.1f</td><td>%.1f</td>",
                        MessageCatalog.english.time(b1.lastSession), expected[0].first[0], expected[1].last[0],
                        expected[1].threshold ?? 0)), "\(all.html)")
            #expect(all.html.contains("<td>0.30 → 0.50</td>"))
            let behind = try await browser.send(.get, "/participants?state=behind")
            #expect(Self.participants(behind.html) == ["B1"])
            let south = try await browser.send(.get, "/participants?site=south")
            #expect(Self.participants(south.html) == ["S1"])
            let byMissed = try await browser.send(.get, "/participants?sort=missed&order=desc")
            #expect(Self.participants(byMissed.html) == ["B1", "B2", "S1"], "no plan sorts last")
            let byRatings = try await browser.send(.get, "/participants?sort=ratings&order=desc")
            #expect(Self.participants(byRatings.html).first == "S1")
            let byPlan = try await browser.send(.get, "/participants?plan=\(planName)&sort=participant&order=desc")
            #expect(Self.participants(byPlan.html) == ["B2", "B1"])
            // No link of the page carries a participant in its query string.
            for link in all.html.components(separatedBy: "href=\"/participants?").dropFirst() {
                let query = String(link.prefix { $0 != "\"" })
                #expect(!["B1", "B2", "S1"].contains { query.contains($0) }, "\(query)")
            }
            #expect(try await browser.send(.get, "/participants?sort=name").status == 400)
            #expect(try await browser.send(.get, "/participants?state=late").status == 400)

            // A supervisor of south sees south only; north by name is the same 404 as a site that does not exist.
            let supervisor = FormClient(server)
            try await supervisor.signIn("sup-s", testPassword)
            #expect(Self.participants(try await supervisor.send(.get, "/participants").html) == ["S1"])
            #expect(try await supervisor.send(.get, "/participants?site=north").status == 404)
        }
    }

    /// The table reads a plan's JSON from `plans` once per process (StudyDatabase.storedPlans): a plan row is never
    /// rewritten, so the second page names the same plan without a statement; a summary row naming another version
    /// than the row's still shows the stored plan.
    @Test func aPlanShownOnceIsNotReadAgain() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "home-1").token)
            let assigned = Date(timeIntervalSince1970: 1_790_000_000.25)
            try await DashboardAlertsTests.sendPlan("B1", at: assigned, by: home)
            let (device, file, version, at) = try await server.database.rows(
                "SELECT device_id, file, version, assigned_at FROM plans"
            ).one("the plan").decode((UUID, String, Int, Date).self)
            let key = StudyDatabase.StoredPlanKey(device: device, file: file, version: version, assignedAt: at)
            let reads = Mutex(0)
            let read: (PostgresQuery) async throws -> [PostgresRow] = { query in
                reads.withLock { $0 += 1 }
                return try await server.database.rows(query)
            }
            let first = try await StudyDatabase.storedPlans([key], reading: read)
            #expect(first[key]?.version == 1)
            #expect(first[key]?.plan.name == "localization-training-10x12")
            let again = try await StudyDatabase.storedPlans([key], reading: read)
            #expect(again[key]?.plan.name == "localization-training-10x12")
            #expect(reads.withLock { $0 } == 1)
            var other = key
            other.version = 2
            let named = try await StudyDatabase.storedPlans([other], reading: read)
            #expect(named[other]?.version == 1)
            #expect(reads.withLock { $0 } == 2)
            var gone = key
            gone.file = "B1/plan-009.json"
            #expect(try await StudyDatabase.storedPlans([gone], reading: read).isEmpty)
        }
    }
}
