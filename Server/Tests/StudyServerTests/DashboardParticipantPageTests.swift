// A participant's and a session's dashboard pages over HTTP: the timeline, the charts, the profile prescription with
// its diff and when the machine applied it, and who may see what.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

/// Sites A and B, an admin, a supervisor of each, a researcher of all sites; P07 trained at A, P99 at B.
func withParticipantStudy(live: Bool = false, _ body: @Sendable (Harness, ProjectionTests.Sender) async throws -> Void)
    async throws
{
    try await withServer(live: live) { server in
        _ = try await server.database.accounts.addUser(name: "root", role: .admin, sites: [], password: testPassword)
        for site in ["A", "B"] { try await server.database.sites.addSite(site) }
        _ = try await server.database.accounts.addUser(
            name: "sup-a", role: .supervisor, sites: ["A"], password: testPassword)
        _ = try await server.database.accounts.addUser(
            name: "sup-b", role: .supervisor, sites: ["B"], password: testPassword)
        _ = try await server.database.accounts.addUser(
            name: "res", role: .researcher, sites: [], password: testPassword)
        let home = try await ParticipantStudy.seed(server, site: "A", participant: "P07")
        try await ParticipantStudy.seed(server, site: "B", participant: "P99", machine: "clinic-b")
        try await body(server, home)
    }
}

@Suite struct DashboardParticipantPageTests {
    /// The text of a page without its tags (what a reader sees), entities decoded.
    static func text(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }

    @Test func aParticipantsTimelineAndChartsComeFromTheSyncedLogs() async throws {
        try await withParticipantStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let site = try await sup.send(.get, "/sites/A")
            #expect(site.html.contains(#"<a href="/sites/A/participants/P07">P07</a>"#), "the table links the page")
            let page = try await sup.send(.get, "/sites/A/participants/P07")
            #expect(page.status == 200)
            let text = Self.text(page.html)
            // Sessions in the server's order, each linking its page, with the summary StudyRecords computes.
            for index in 1...4 { #expect(text.contains("Session \(index) (thesis-study)"), "session \(index)") }
            #expect(page.html.contains(#"href="/sites/A/sessions/20261120T090000Z-000a""#))
            // A session's ratings are one entry linking that session (5.9: they were grouped by time).
            let ratingsLink = try #require(
                page.html.range(
                    of: #"<td><a href="/sites/A/sessions/[0-9TZ-]+[0-9a-f]">Ratings after session 1</a>"#,
                    options: .regularExpression))
            #expect(
                page.html[ratingsLink].contains(#"href="/sites/A/sessions/"#), "the ratings link their session")
            let sample = try ProjectionTests.sample().trials
            let median = SessionSummary.of(sample).medianAbsDeviationDeg * ParticipantStudy.factors[3]
            #expect(text.contains("median deviation \(String(format: "%.1f", median))°"), "session 4's median")
            #expect(text.contains("Ratings after session 4 tinnitus_loudness 0.40, tinnitus_distress 0.24"))
            #expect(text.contains("Profile version 1 on home-1"))
            #expect(text.contains("Status No training plan: the sessions follow protocols."))
            #expect(text.contains("Questionnaire mini-tq (A1, baseline) total 14 (moderate)"))
            #expect(text.contains("Diary event: Concert noise-exposure on 2026-11-27"))
            #expect(text.contains("Diary therapy: Hearing aids hearing-aid from 2026-11-28 to ongoing"))
            // Charts: three progress figures (the sample is no staircase), one per rating item, the audiogram with
            // O, X and the pitch, the dose.
            #expect(page.html.components(separatedBy: "<svg ").count - 1 == 3 + 2 + 2)
            #expect(text.contains("Staircase threshold: no session has it yet."))
            // No reversal in any session: the chart still has an axis, every coordinate a number.
            #expect(text.contains("Front-back reversals per session"))
            #expect(!page.html.contains("nan") && !page.html.contains("inf\""), "every SVG coordinate is finite")
            #expect(text.contains("Median deviation per session") && text.contains("Rating: tinnitus_distress"))
            #expect(
                text.contains("tinnitus 6000 Hz") && text.contains("right ear (O)") && text.contains("left ear (X)"))
            #expect(text.contains("100 % (safe weekly dose)"))
            #expect(!text.contains("P99"), "nothing of site B")
            // The researcher reads the same page, without any form but sign-out.
            let res = FormClient(server)
            try await res.signIn("res", testPassword)
            let read = try await res.send(.get, "/sites/A/participants/P07")
            #expect(read.status == 200 && Self.text(read.html).contains("Session 4 (thesis-study)"))
            #expect(read.html.components(separatedBy: "<form").count - 1 == 1, "only the sign-out form")
        }
    }

    @Test func theStatusCountsThePlanAndTheWeeksDoseByTheGamesRules() throws {
        let plan = try AssignedPlan(
            version: 1, assignedAt: ParticipantStudy.day(0, hour: 0), source: "test",
            planJSON: try JSONDecoder().decode(JSONValue.self, from: Data(try RoleMatrixTests.trainingPlan().utf8)),
            url: URL(fileURLWithPath: "P07/plan-001.json"))
        let sessions = try (0..<4).map { number in
            var record = try SessionRecord.decode(
                Data(try ParticipantStudy.session(number: number, participant: "P07", profileVersion: 1).state.utf8),
                file: "session.json")
            record.plan = PlanReference(
                name: plan.plan.name, version: 1, session: number + 1, totalSessions: plan.plan.totalSessions)
            record.environment.input = "mouse"
            return record
        }
        // A week after the assignment (three a week): sessions 1–4 opened and done, 5 opens on day 9.
        let status = WebParticipantRoutes.status(plan: plan, sessions: sessions, now: ParticipantStudy.day(7, hour: 12))
        #expect(
            status.plan
                == "Plan 'localization-training-10x12' version 1: 4 of 10 sessions done, 0 missed; next: session 5 on 2026-12-05."
        )
        // The first session is more than 7 days old: three sessions of 35 % each.
        #expect(status.dose.contains("105 % of the safe weekly dose, over 3 sessions") && status.alert)
        // A bot's sessions count for nobody's ears (WeekDose.of).
        let bots = sessions.map { record in
            var record = record
            record.environment.input = "bot-noisy"
            return record
        }
        let none = WebParticipantRoutes.status(plan: nil, sessions: bots, now: ParticipantStudy.day(7, hour: 12))
        #expect(none.dose.hasPrefix("No session of the last 7 days logged a listening dose") && !none.alert)
        #expect(none.plan == "No training plan: the sessions follow protocols.")
    }

    @Test func anotherSitesParticipantOrSessionIsAsUnknownAsNone() async throws {
        try await withParticipantStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let other = try await sup.send(.get, "/sites/B/participants/P99")
            let none = try await sup.send(.get, "/sites/A/participants/P98")
            #expect(other.status == 404 && none.status == 404)
            #expect(Self.text(other.html).contains("No participant P99 is known at a site of yours named B"))
            #expect(Self.text(none.html).contains("No participant P98 is known at a site of yours named A"))
            // B's participant under A's name: unknown too.
            #expect(try await sup.send(.get, "/sites/A/participants/P99").status == 404)
            let session = try await sup.send(.get, "/sites/B/sessions/20261120T090000Z-000a")
            #expect(session.status == 404 && !session.html.contains("Trials"))
            // The supervisor of B sees B's, not A's.
            let supB = FormClient(server)
            try await supB.signIn("sup-b", testPassword)
            #expect(try await supB.send(.get, "/sites/B/participants/P99").status == 200)
            #expect(try await supB.send(.get, "/sites/A/participants/P07").status == 404)
            // A researcher granted B only reads B's participants.
            _ = try await server.database.accounts.addUser(
                name: "res-b", role: .researcher, sites: ["B"], password: testPassword)
            let resB = FormClient(server)
            try await resB.signIn("res-b", testPassword)
            #expect(try await resB.send(.get, "/sites/B/participants/P99").status == 200)
            #expect(try await resB.send(.get, "/sites/A/participants/P07").status == 404)
            #expect(try await resB.send(.get, "/sites/A/sessions/20261120T090000Z-000a").status == 404)
            // An ID holding markup comes back as text.
            let script = "<script>alert(1)</script>"
            let path = "/sites/A/participants/" + script.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let escaped = try await sup.send(.get, path)
            #expect(escaped.status == 404 && !escaped.html.contains(script))
            #expect(escaped.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            let sessionPath =
                "/sites/A/sessions/" + script.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let escapedSession = try await sup.send(.get, sessionPath)
            #expect(escapedSession.status == 404 && escapedSession.html.contains("&lt;script&gt;"))
        }
    }

    @Test func aSessionsPageShowsItsTrialsHeadphoneCheckVolumeAndOutputStage() async throws {
        try await withParticipantStudy { server, _ in
            let res = FormClient(server)
            try await res.signIn("res", testPassword)
            let page = try await res.send(.get, "/sites/A/sessions/20261122T090000Z-002a")
            #expect(page.status == 200)
            let text = Self.text(page.html)
            #expect(page.html.contains("<title>Session 3 of P07 · site A"))
            #expect(
                page.html.components(separatedBy: "<tr><td>").count - 1 == 15 + 1 + 1, "15 trials, a check, a volume")
            #expect(text.contains("continued anyway 3 not_heard_left -4.0"))
            #expect(text.contains("-4.0 headphone-check"))
            #expect(text.contains("Profile version 1"))
            #expect(text.contains("No result picture of this session is held on the server"))
            #expect(text.contains("the last 7 days' 105.0 %"))
        }
    }

    @Test func aSessionsSyncedResultPicturesShowOnItsPageAndOnlyToItsSite() async throws {
        try await withParticipantStudy { server, home in
            let folder = try ParticipantStudy.session(number: 2, participant: "P07", profileVersion: 1).folder
            let sample = try #require(
                try FileManager.default.contentsOfDirectory(
                    at: SyncTests.examples.appendingPathComponent("P07"), includingPropertiesForKeys: nil
                ).first)
            let png = try Data(contentsOf: sample.appendingPathComponent("round-04-target-2.png"))
            try await home.send(
                file: "\(folder)/round-01.png", kind: "picture", header: nil, first: 1,
                items: [png.base64EncodedString()])
            let res = FormClient(server)
            try await res.signIn("res", testPassword)
            let page = try await res.send(.get, "/sites/A/sessions/20261122T090000Z-002a")
            let src = "/sites/A/sessions/20261122T090000Z-002a/pictures/round-01.png"
            #expect(page.html.contains(#"<img src="\#(src)" alt="Result picture round-01.png""#), "\(page.html)")
            #expect(!Self.text(page.html).contains("No result picture"))
            let picture = try await res.send(.get, src)
            #expect(picture.status == 200 && picture.headers[.contentType] == "image/png")
            #expect(picture.headers[.xContentTypeOptions] == "nosniff", "no browser takes it for another type")
            #expect(Data(picture.bytes) == png)
            // Another session of the same machine has none; another site's supervisor learns nothing.
            let other = try await res.send(.get, "/sites/A/sessions/20261120T090000Z-000a")
            #expect(Self.text(other.html).contains("No result picture of this session is held on the server"))
            #expect(
                try await res.send(.get, "/sites/A/sessions/20261120T090000Z-000a/pictures/round-01.png").status == 404)
            let supB = FormClient(server)
            try await supB.signIn("sup-b", testPassword)
            #expect(try await supB.send(.get, src).status == 404)
            #expect(
                try await supB.send(.get, "/sites/B/sessions/20261122T090000Z-002a/pictures/round-01.png").status == 404
            )
            #expect(
                try await res.send(.get, "/sites/A/sessions/20261122T090000Z-002a/pictures/session.json").status == 404)
            let signedOut = FormClient(server)
            #expect(try await signedOut.send(.get, src).status == 303, "no picture without signing in")
            // The picture seen once is one audit row; the refused asks are none.
            let views = try await server.database.auditTrail.auditRows(action: "picture.view")
            #expect(views.count == 1 && views.first?.actor == "res" && views.first?.participant == "P07")
            #expect(views.first?.after?.contains("round-01.png") == true)
        }
    }

    /// Each page that shows health data, seen, is one audit row of the account (`WHAT.view`, with the site and the
    /// participant it showed); a page refused (another site's participant) is none.
    @Test func everyPageOfHealthDataSeenIsAnAuditRow() async throws {
        try await withParticipantStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            for path in [
                "/", "/sites/A", "/participants?site=A", "/sites/A/participants/P07",
                "/sites/A/sessions/20261120T090000Z-000a", "/report?site=A", "/sites/A/live",
            ] {
                let page = try await sup.send(.get, path)
                #expect(page.status == 200, "\(path): \(page.status) \(page.html.prefix(2000))")
            }
            #expect(try await sup.send(.get, "/sites/B/participants/P99").status == 404)
            #expect(try await sup.send(.get, "/sites/A/live.json").status == 200)
            let rows = try await server.database.auditTrail.auditRows(actor: "sup-a").filter {
                $0.action.hasSuffix(".view")
            }
            #expect(
                rows.map(\.action) == [
                    "overview.view", "site.view", "participants.view", "participant.view", "session.view",
                    "report.view", "live.view",
                ], "one row a page, none for live.json's polls")
            #expect(rows.allSatisfy { $0.site == nil || $0.site == "A" })
            #expect(
                rows.filter { $0.participant == "P07" }.map(\.action).sorted() == ["participant.view", "session.view"])
            #expect(!rows.contains { $0.participant == "P99" }, "a refused page is no view")

            // A rating the analyzer refuses (an "after" without its session, held from before ingest refused it):
            // the report says which row, and the page stands.
            _ = try await server.database.rows(
                """
                INSERT INTO ratings (device_id, file, record, site_id, participant, moment, item, value, answered_at,
                  skipped, codebook_version)
                SELECT device_id, file, 999, site_id, participant, 'after', item, value, answered_at, skipped,
                  codebook_version FROM ratings WHERE participant = 'P07' LIMIT 1
                """)
            let report = try await sup.send(.get, "/report?site=A")
            #expect(report.status == 200)
            #expect(
                Self.text(report.html).contains(
                    "ratings.csv:4: column 'session_id': '' is not the session it was answered after"),
                "\(report.html)")
        }
    }

    /// A centre typed with "no notch" was dropped, and the preview then said nothing changes: now the form says the
    /// two do not go together and stores nothing. The preview form jumps to its preview.
    @Test(arguments: ["6000", "250", "16000", "4000.5"])
    func aNotchCentreWithNoNotchIsRefusedNotDropped(centre: String) async throws {
        try await withParticipantStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let page = try await sup.send(.get, "/sites/A/participants/P07")
            #expect(page.html.contains(#"action="/sites/A/participants/P07/profile#profile-preview""#))
            for step in ["preview", "send"] {
                let refused = try await sup.send(
                    .post, "/sites/A/participants/P07/profile",
                    form: [
                        ("csrf", page.csrf ?? ""), ("notch_centre", centre), ("notch_width", "none"),
                        ("gain_rule", "none"), ("max_gain", "20"), ("max_volume", ""), ("step", step),
                    ])
                #expect(refused.status == 400, "\(step)")
                #expect(
                    Self.text(refused.html).contains("with the width \"no notch\" makes no notch: pick a width"),
                    "\(Self.text(refused.html))")
                #expect(!Self.text(refused.html).contains("Nothing changes"))
            }
            #expect(try await server.database.prescriptions.prescriptions(site: "A", after: 0, kind: "profile").isEmpty)
        }
    }

    @Test func aProfileVersionIsPrescribedAfterItsDiffAndThePageShowsWhenTheMachineAppliedIt() async throws {
        try await withParticipantStudy { server, home in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let page = try await sup.send(.get, "/sites/A/participants/P07")
            let csrf = try #require(page.csrf)
            #expect(Self.text(page.html).contains("Current (version 1): no notch; gain rule none, cap 20.0 dB"))
            let form: [(String, String)] = [
                ("csrf", csrf), ("notch_centre", "6000"), ("notch_width", "0.5"), ("gain_rule", "half-gain"),
                ("max_gain", "20"), ("max_volume", "-6"),
            ]
            // A value that is not a number: one sentence, nothing stored.
            var bad = form
            bad[5] = ("max_volume", "loud")
            let refused = try await sup.send(
                .post, "/sites/A/participants/P07/profile", form: bad + [("step", "preview")])
            #expect(refused.status == 400)
            #expect(Self.text(refused.html).contains("The maximum volume 'loud' is not a number"))
            var outside = form
            outside[4] = ("max_gain", "60")
            let tooMuch = try await sup.send(
                .post, "/sites/A/participants/P07/profile", form: outside + [("step", "send")])
            #expect(
                tooMuch.status == 400 && Self.text(tooMuch.html).contains("from 0 to 40 dB"),
                "\(Self.text(tooMuch.html))")
            // The preview shows what changes, and stores nothing.
            let preview = try await sup.send(
                .post, "/sites/A/participants/P07/profile", form: form + [("step", "preview")])
            let diff = Self.text(preview.html)
            #expect(preview.status == 200)
            #expect(diff.contains("Notch no notch notch at 6000 Hz, 0.50 octave wide (changed)"))
            #expect(diff.contains("Gain rule none half-gain (changed)"))
            #expect(diff.contains("Gain cap 20.0 dB 20.0 dB Maximum"), "the cap is unchanged")
            #expect(diff.contains("Maximum volume the game's default -6.0 dB (changed)"))
            #expect(try await server.database.prescriptions.prescriptions(site: "A", after: 0, kind: "profile").isEmpty)
            // A researcher cannot prescribe; a form without its token is refused.
            let res = FormClient(server)
            try await res.signIn("res", testPassword)
            let resPage = try await res.send(.get, "/sites/A/participants/P07")
            let forbidden = try await res.send(
                .post, "/sites/A/participants/P07/profile",
                form: [("csrf", resPage.csrf ?? "")] + form.dropFirst() + [("step", "send")])
            #expect(forbidden.status == 403)
            #expect(
                Self.text(forbidden.html).contains(
                    "A researcher may not do this: ask someone with the role admin or supervisor."))
            let noToken = try await sup.send(
                .post, "/sites/A/participants/P07/profile", form: Array(form.dropFirst()) + [("step", "send")])
            #expect(noToken.status == 403)
            // Sent from the preview's button: stored once for A's machines, audited.
            let sent = try await sup.send(.post, "/sites/A/participants/P07/profile", form: form + [("step", "send")])
            #expect(sent.status == 200)
            let stored = try await server.database.prescriptions.prescriptions(site: "A", after: 0, kind: "profile")
            #expect(stored.count == 1)
            let id = try #require(stored.first?.id)
            #expect(Self.text(sent.html).contains("Prescription \(id): the profile reaches P07's machines of A"))
            let prescribed = try HearingProfile.decodeAll(Data(stored[0].content.utf8), path: "p")[0]
            #expect(prescribed.notchWidthOctaves == 0.5 && prescribed.tinnitus?.pitchHz == 6000)
            #expect(prescribed.gainRule.rawValue == "half-gain" && prescribed.maxVolumeDB == -6)
            #expect(prescribed.audiogram != nil, "the audiogram is kept")
            #expect(try await server.database.auditTrail.auditRows(action: "prescription.profile").count == 1)
            #expect(Self.text(sent.html).contains("not applied yet"))
            // The machine writes it as version 2 (its source names the prescription) and plays a session with it.
            var second = prescribed
            second.version = 2
            second.source = "http://127.0.0.1:8080 prescription \(id)"
            let first = try ParticipantStudy.firstProfile("P07")
            try await home.send(
                file: "P07/profile.json", kind: "profile", header: nil, first: 2,
                items: [ParticipantStudy.profileItems([first, second])[1]])
            try await home.sendSession(try ParticipantStudy.session(number: 5, participant: "P07", profileVersion: 2))
            let after = Self.text(try await sup.send(.get, "/sites/A/participants/P07").html)
            #expect(after.contains("applied from session 5 at 2026-12-01"))
            #expect(after.contains("Current (version 2): notch at 6000 Hz, 0.50 octave wide; gain rule half-gain"))
        }
    }
}
