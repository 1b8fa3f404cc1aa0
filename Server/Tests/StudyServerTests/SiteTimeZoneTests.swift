// A site's time zone (issue 39, 5.10): the rule takes the time zone database's names only; times show the zone's offset
// at that moment; a site's pages, the participants table and the calendar follow the zone its team set, audited.
import Foundation
import Localization
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite struct SiteTimeZoneTests {
    @Test func theRuleTakesTheTimeZoneDatabasesNamesOnly() throws {
        #expect(try SiteTimeZone("Europe/Berlin").identifier == "Europe/Berlin")
        #expect(try SiteTimeZone(" UTC ") == .utc)
        #expect(try SiteTimeZone("Asia/Kolkata").zone.secondsFromGMT(for: Date()) == 19_800)
        // Foundation takes "GMT+1" and a lower-case name; neither is a name of the database, and a line break, NUL or
        // an overlong name never reaches the table.
        for bad in [
            "", "GMT+1", "europe/berlin", "Mars/Olympus", "Europe/Berlin\n", "Europe/Berlin\0",
            String(repeating: "A", count: 100),
        ] {
            #expect(throws: StudyDatabase.Refusal.self, "\(bad.debugDescription)") { try SiteTimeZone(bad) }
        }
        let refusal = try #require(throws: StudyDatabase.Refusal.self) { try SiteTimeZone("Mars/Olympus") }
        #expect(
            refusal.description
                == "The time zone \"Mars/Olympus\" is not one the server knows: give a name like Europe/Berlin or UTC.")
        // A stored name tzdata no longer knows shows UTC, and says so in every time.
        #expect(SiteTimeZone.stored("Mars/Olympus") == .utc)
    }

    @Test func aTimeShowsTheZonesOffsetAtThatMoment() throws {
        let winter = try #require(Timestamp.parse("2026-11-28T13:05:09.000Z"))
        let summer = try #require(Timestamp.parse("2026-07-01T13:05:09.000Z"))
        let berlin = try SiteTimeZone("Europe/Berlin").zone
        #expect(Language.english.dateTime(winter) == "2026-11-28 13:05:09 UTC", "UTC as the pages always said")
        #expect(Language.english.dateTime(winter, zone: berlin) == "2026-11-28 14:05:09 UTC+1")
        #expect(Language.german.dateTime(winter, zone: berlin) == "28.11.2026, 14:05:09 UTC+1")
        #expect(Language.german.dateTime(summer, zone: berlin) == "01.07.2026, 15:05:09 UTC+2", "summer time")
        #expect(
            Language.english.dateTime(winter, zone: try SiteTimeZone("Asia/Kolkata").zone)
                == "2026-11-28 18:35:09 UTC+5:30")
        // Past midnight in New York's evening the day is the day before.
        let night = try #require(Timestamp.parse("2026-11-28T01:40:50.000Z"))
        #expect(
            Language.english.dateTime(night, zone: try SiteTimeZone("America/New_York").zone)
                == "2026-11-27 20:40:50 UTC-5")
    }

    @Test func aSitesPagesShowItsZoneItsTeamSetAndAudited() async throws {
        try await withParticipantStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let site = try await sup.send(.get, "/sites/A")
            let csrf = try #require(site.csrf)
            #expect(site.html.contains(#"action="/sites/A/time-zone""#) && site.html.contains(#"value="UTC""#))
            #expect(site.html.contains(#"<option value="Europe/Berlin">"#), "the list offers Europe's zones")
            // P07's sessions started at 01:40:50 UTC on 26–29 November: shown so while the site keeps UTC.
            let before = try await sup.send(.get, "/sites/A/participants/P07?month=2026-11")
            #expect(before.html.contains("2026-11-26 01:40:50 UTC"), "\(before.html.prefix(400))")

            #expect(
                try await sup.send(.post, "/sites/A/time-zone", form: [("time_zone", "Europe/Berlin")]).status == 403)
            let bad = try await sup.send(.post, "/sites/A/time-zone", form: [("csrf", csrf), ("time_zone", "GMT+1")])
            #expect(bad.status == 400)
            #expect(bad.html.contains("The time zone &quot;GMT+1&quot; is not one the server knows"), "\(bad.html)")
            #expect(bad.html.contains(#"value="GMT+1""#) && bad.html.contains(#"aria-invalid="true""#), "the draft")
            let saved = try await sup.send(
                .post, "/sites/A/time-zone", form: [("csrf", csrf), ("time_zone", "America/New_York")])
            #expect(saved.status == 200 && saved.html.contains("The pages of A now show times in America/New_York."))
            let again = try await sup.send(
                .post, "/sites/A/time-zone", form: [("csrf", csrf), ("time_zone", "America/New_York")])
            #expect(again.html.contains("The time zone of A is unchanged: America/New_York."))
            let audit = try await server.database.auditRows(action: "site.time_zone")
            #expect(audit.count == 1 && audit.first?.actor == "sup-a" && audit.first?.site == "A")
            #expect(audit.first?.before?.contains("UTC") == true && audit.first?.after?.contains("New_York") == true)

            // The participant's page: the evening before in New York, the sessions on the days before in the
            // calendar, whose legend names the zone.
            let after = try await sup.send(.get, "/sites/A/participants/P07?month=2026-11")
            #expect(after.html.contains("2026-11-25 20:40:50 UTC-5") && !after.html.contains("01:40:50 UTC"))
            #expect(
                after.html.contains("the site&#39;s time zone (America/New_York)")
                    || after.html.contains(
                        "the site's time zone (America/New_York)")
            )
            #expect(
                after.html.contains(#"<span class="day">25</span><span class="sessions">● 1</span>"#),
                "the first session on New York's 25th")
            #expect(!after.html.contains(#"<span class="day">29</span><span class="sessions">"#), "none on the 29th")
            // The session page, the participants table and the overview follow; site B's rows keep UTC.
            let session = try await sup.send(
                .get, "/sites/A/sessions/\(ParticipantStudy.sessionID(number: 0, participant: "P07"))")
            #expect(session.html.contains("2026-11-25 20:40:50 UTC-5"), "\(session.html.prefix(300))")
            let root = FormClient(server)
            try await root.signIn("root", testPassword)
            let table = try await root.send(.get, "/participants")
            #expect(table.html.contains("2026-11-28 20:40:50 UTC-5"), "A's last session in New York's time")
            #expect(table.html.contains("2026-11-29 01:40:50 UTC"), "B's in UTC")

            // Another site's supervisor and a researcher may not set it.
            let supB = FormClient(server)
            try await supB.signIn("sup-b", testPassword)
            let csrfB = try #require(try await supB.send(.get, "/").csrf)
            #expect(
                try await supB.send(.post, "/sites/A/time-zone", form: [("csrf", csrfB), ("time_zone", "UTC")])
                    .status == 404)
            let researcher = FormClient(server)
            try await researcher.signIn("res", testPassword)
            let csrfR = try #require(try await researcher.send(.get, "/").csrf)
            #expect(
                try await researcher.send(.post, "/sites/A/time-zone", form: [("csrf", csrfR), ("time_zone", "UTC")])
                    .status == 403)
            #expect(try await server.database.siteTimeZone(site: "A").identifier == "America/New_York")
        }
    }
}
