// The overview's alerts from data synced through the API: each kind fires for one participant and not for another.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct DashboardAlertsTests {
    /// The sample session as a session `id` of `participant` started at `start`, played with a mouse (a bot's
    /// sessions count no dose), changed by `change`; as the sync sends it: its folder and session.json state.
    static func session(
        _ id: String, participant: String, start: Date, change: (inout SessionRecord) -> Void = { _ in }
    ) throws -> (folder: String, state: String) {
        var record = try ProjectionTests.sample().record
        // A session folder as the game names it (the server takes no other): the start and a suffix from `id`.
        record.sessionID =
            SessionID(startedAt: start, suffix: UInt16(truncatingIfNeeded: id.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
            .value
        record.participant = participant
        record.startedAt = start
        record.endedAt = start.addingTimeInterval(600)
        record.environment.input = "mouse"
        change(&record)
        return ("\(participant)/\(record.sessionID)", String(decoding: try record.encoded(), as: UTF8.self))
    }

    /// The session ID `session` was given (its folder's name), which its trial rows must name.
    static func id(of session: (folder: String, state: String)) -> String {
        String(session.folder.split(separator: "/").last ?? "")
    }

    static func sendSession(_ session: (folder: String, state: String), by sender: ProjectionTests.Sender)
        async throws
    {
        try await sender.send(
            file: "\(session.folder)/session.json", kind: "session", header: nil, first: nil, items: [session.state])
    }

    /// The example training plan (3 sessions a week, 10 in all) assigned to `participant` at `at`.
    static func sendPlan(_ participant: String, at: Date, by sender: ProjectionTests.Sender) async throws {
        let plan = try AssignedPlan(
            version: 1, assignedAt: at, source: "test",
            planJSON: try JSONDecoder().decode(JSONValue.self, from: Data(try RoleMatrixTests.trainingPlan().utf8)),
            url: URL(fileURLWithPath: "\(participant)/plan-001.json"))
        try await sender.send(
            file: "\(participant)/plan-001.json", kind: "plan", header: nil, first: 1,
            items: [String(decoding: plan.encoded(), as: UTF8.self)])
    }

    static func sendRatings(_ participant: String, loudness: [(Date, Double)], by sender: ProjectionTests.Sender)
        async throws
    {
        let items = loudness.map { at, value in
            CSVWriter.line(
                RatingRow(
                    participant: participant, sessionID: nil, sessionIndex: nil, moment: .prompt,
                    item: "tinnitus_loudness", value: value, answeredAt: at, promptedAt: at, language: "en"
                ).values)
        }
        try await sender.send(
            file: "\(participant)/ratings.csv", kind: "ratings", header: CSVWriter.headerLine(RatingRow.columns),
            first: 1, items: items)
    }

    /// A listening dose no headphones can deliver (1e300 times the weekly allowance, or past 2^31) is refused at
    /// ingest naming its key, as is a session of 1e300 seconds; one held already (stored before the check) no longer
    /// traps the overview's alert, where `Int` of 1e302 % took the server down for everyone; a loud but possible
    /// week is taken and alerted.
    @Test func anImpossibleDoseIsRefusedAndOneHeldAlreadyDoesNotTrapTheOverview() async throws {
        try await withServer { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let enrolled = try await server.enrolDevice(site: "north")
            let now = Date()
            let changes: [(String, @Sendable (inout SessionRecord) -> Void)] = [
                ("exposure.dose_fraction", { $0.exposure?.doseFraction = 1e300 }),
                ("exposure.week_dose_fraction", { $0.exposure?.weekDoseFraction = 1e300 }),
                ("exposure.dose_fraction", { $0.exposure?.doseFraction = 2_147_483_648 }),
                ("played_s", { $0.playedSeconds = 1e300 }),
            ]
            for (n, (key, change)) in changes.enumerated() {
                let session = try Self.session(
                    "impossible-\(n)", participant: "P07", start: now.addingTimeInterval(-3600), change: change)
                let reply = try await SyncBoundaryTests.send(
                    server, enrolled.token, "\(session.folder)/session.json", "session", [session.state])
                ProblemTests.expectProblem(reply, 400, mentions: key)
            }
            #expect(try await SyncBoundaryTests.held(server) == 0)

            let loud = try Self.session("loud", participant: "P07", start: now.addingTimeInterval(-3600)) {
                $0.exposure?.doseFraction = 3.5
            }
            try await Self.sendSession(loud, by: ProjectionTests.Sender(server: server, token: enrolled.token))
            // Stored past the check, as a database filled before it holds it.
            let held = try Self.session("held", participant: "P08", start: now.addingTimeInterval(-7200)) {
                $0.exposure?.doseFraction = 1e300
                $0.exposure?.weekDoseFraction = 1e300
            }
            let path = try SyncPath(file: "\(held.folder)/session.json", kind: "session")
            _ = try await PostgresIngest(database: server.database).store(
                device: Device(
                    id: try #require(UUID(uuidString: enrolled.id)), site: "north", name: "lab-1", enrolledAt: now),
                path: path, kind: "session", header: nil, first: nil, items: [held.state],
                decoded: try DecodedItems.decode(kind: "session", file: path.file, header: nil, items: [held.state]).0,
                requestID: "test")

            let browser = FormClient(server)
            try await browser.signIn("sup", testPassword)
            let overview = try await browser.send(.get, "/")
            #expect(overview.status == 200, "\(overview.html.prefix(300))")
            #expect(overview.html.contains("listened 350 % of the weekly safe dose"), "P07's loud week")
            #expect(overview.html.contains("/sites/north/participants/P08"), "P08's dose, alerted, not a trap")
            #expect(try await server.call(.get, "/api/v1/health").status == 200)
        }
    }

    @Test func eachAlertFiresForOneParticipantAndNotForAnotherAndLinksToIt() async throws {
        try await withServer { server in
            let db = server.database
            try await db.sites.addSite("north")
            _ = try await db.accounts.addUser(name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let lab = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "lab-1").token)
            _ = try await server.enrolDevice(site: "north", name: "never-synced")
            let now = Date()
            let day = 86_400.0
            let plan = PlanReference(name: "localization-training-10x12", version: 1, session: 1, totalSessions: 10)

            // Missed: M1's plan opened 5 sessions in 10 days and 1 is done (3 windows closed unplayed); M2's
            // plan was assigned today, so nothing is missed yet.
            try await Self.sendPlan("M1", at: now.addingTimeInterval(-10 * day), by: lab)
            try await Self.sendSession(
                try Self.session("m1-1", participant: "M1", start: now.addingTimeInterval(-9 * day)) {
                    $0.plan = plan
                }, by: lab)
            try await Self.sendPlan("M2", at: now, by: lab)
            // Dose: D1 had 60 % + 60 % of the weekly allowance in the last 7 days; D2 30 %, and 90 % eight days ago.
            for (id, participant, daysAgo, dose) in [
                ("d1-1", "D1", 3.0, 0.6), ("d1-2", "D1", 1.0, 0.6), ("d2-1", "D2", 2.0, 0.3), ("d2-0", "D2", 8.0, 0.9),
            ] {
                try await Self.sendSession(
                    try Self.session(id, participant: participant, start: now.addingTimeInterval(-daysAgo * day)) {
                        $0.exposure?.doseFraction = dose
                    }, by: lab)
            }
            // Headphones: H1 continued anyway after 2 failed attempts yesterday; H2 passed at once.
            for (participant, result, failed) in [
                ("H1", HeadphoneCheckOutcome.Result.continuedAnyway, 2), ("H2", .bothSides, 0),
            ] {
                try await Self.sendSession(
                    try Self.session("\(participant)-1", participant: participant, start: now.addingTimeInterval(-day))
                    {
                        $0.headphoneChecks = [
                            HeadphoneCheckOutcome(
                                at: $0.startedAt, result: result, failedAttempts: failed,
                                lastProblem: failed > 0 ? "not_heard_left" : nil, volumeDB: 0)
                        ]
                    }, by: lab)
            }
            // Tinnitus: T1's loudness rose 0.30 → 0.60 (past the default margin 0.2); T2's 0.30 → 0.45.
            try await Self.sendRatings(
                "T1", loudness: [(now.addingTimeInterval(-20 * day), 0.3), (now.addingTimeInterval(-day), 0.6)], by: lab
            )
            try await Self.sendRatings(
                "T2", loudness: [(now.addingTimeInterval(-20 * day), 0.3), (now.addingTimeInterval(-day), 0.45)],
                by: lab)

            let browser = FormClient(server)
            try await browser.signIn("sup", testPassword)
            let overview = try await browser.send(.get, "/")
            #expect(overview.status == 200)
            let alerts = overview.html.components(separatedBy: "<li class=\"alert-").dropFirst().map {
                String($0.prefix { $0 != "\n" })
            }
            func alert(_ kind: String, _ participant: String) -> String? {
                alerts.first {
                    $0.hasPrefix(kind + "\"") && $0.contains("<a href=\"/sites/north/participants/\(participant)\">")
                }
            }
            #expect(
                alert("missed", "M1")?.contains(
                    "missed 3 sessions of the plan &#39;localization-training-10x12&#39; (1 of 10 done") == true,
                "\(alerts)")
            #expect(
                alert("dose", "D1")?.contains("listened 120 % of the weekly safe dose in the last 7 days (2 sessions)")
                    == true, "\(alerts)")
            #expect(
                alert("headphones", "H1")?.contains("was continued anyway (last problem: not heard left)") == true,
                "\(alerts)")
            #expect(alert("tinnitus", "T1")?.contains("rated tinnitus loudness 0.60") == true, "\(alerts)")
            // A machine enrolled minutes ago and not synced yet is not quiet (its text says more than 7 days).
            #expect(!alerts.contains { $0.hasPrefix("quiet\"") }, "\(alerts)")
            #expect(!alerts.contains { $0.contains("lab-1") }, "the machine that synced is no alert")
            for quiet in ["M2", "D2", "H2", "T2"] {
                #expect(!alerts.contains { $0.contains(">\(quiet)<") }, "\(quiet) raises no alert: \(alerts)")
            }
            #expect(alerts.count == 4, "\(alerts)")

            // The overview reads only a session's headphone_check list, with the game's codec: one that cannot be
            // read (a database edited by hand) is an alert naming the file and the field, and H1's check, read
            // apart from it, still is one.
            _ = try await db.rows(
                """
                UPDATE sessions SET state = jsonb_set(state, '{headphone_check,0,result}', '"sideways"')
                WHERE participant = 'H2'
                """)
            let unreadable = try await db.siteAlerts.alerts(site: "north", now: now, thresholds: AlertThresholds())
                .filter { $0.kind == .unreadable || $0.kind == .headphones }
            #expect(unreadable.map(\.participant) == ["H1", "H2"], "\(unreadable)")
            let text = unreadable.last?.text ?? ""
            #expect(
                text.hasPrefix("the headphone checks of H2/")
                    && text.hasSuffix(
                        "/session.json cannot be read"
                            + " (headphone_check: the field '[0].result' is invalid: Cannot initialize Result from invalid String"
                            + " value sideways); they are left out of these alerts."),
                "\(text)")

            // The margin is configurable: at 0.1, T2's rise of 0.15 is an alert too.
            let lower = try await db.siteAlerts.alerts(
                site: "north", now: now, thresholds: AlertThresholds(tinnitusMargin: 0.1))
            #expect(lower.filter { $0.kind == .tinnitus }.compactMap(\.participant) == ["T1", "T2"])
            // Past H1's headphone window the check is no longer an alert.
            let later = try await db.siteAlerts.alerts(
                site: "north", now: now.addingTimeInterval(8 * day), thresholds: AlertThresholds())
            #expect(!later.contains { $0.kind == .headphones })
            // Eight days on, the machine that never synced is quiet, counted from its enrolment; at 7 days it is not.
            let quiet = later.filter { $0.kind == .quiet }.map(\.text)
            #expect(quiet.contains { $0.contains("never-synced has not synced since its enrolment") }, "\(quiet)")
            let week = try await db.siteAlerts.alerts(
                site: "north", now: now.addingTimeInterval(6.9 * day), thresholds: AlertThresholds())
            #expect(!week.contains { $0.kind == .quiet && $0.text.contains("never-synced") })
        }
    }
}
