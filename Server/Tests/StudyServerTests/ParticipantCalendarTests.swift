// The calendar of a participant's page: the diary's events and therapies and the sessions on their days, a month at a
// time, the months before and after one link away, a month that is none refused.
import Foundation
import Testing

@testable import StudyServer

@Suite struct ParticipantCalendarTests {
    @Test func theMonthShowsEachSessionEventAndTherapyOnItsDayAndLinksItsNeighbours() async throws {
        try await withParticipantStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            // The study's four sessions are on 26–29 November 2026; the diary has a concert on the 27th and hearing
            // aids from the 28th on.
            let page = try await sup.send(.get, "/sites/A/participants/P07?month=2026-11")
            #expect(page.status == 200)
            let html = page.html
            #expect(html.contains("<caption>November 2026</caption>"))
            #expect(
                html.contains(
                    #"<span class="day">27</span><span class="sessions">● 1</span><span class="event">▲ <span class="name">Concert</span></span>"#
                ), "\(html)")
            #expect(
                html.contains(
                    #"<span class="day">28</span><span class="sessions">● 1</span><span class="therapy">▬ <span class="name">Hearing aids</span></span>"#
                ))
            #expect(html.contains(#"<li><strong>2026-11-27</strong> · 1 session · ▲ Concert</li>"#))
            // A day of the month has no class (it had an empty one, `<td class="">`); October's last days, which
            // begin the first week, are "outside".
            #expect(html.contains(#"<td><span class="day">27</span>"#))
            #expect(html.contains(#"<td class="outside"><span class="day">26</span>"#))
            #expect(!html.contains(#"class="""#))
            #expect(
                html.contains(
                    #"href="/sites/A/participants/P07?month=2026-10#calendar-title" rel="prev">← October 2026"#))
            #expect(
                html.contains(
                    #"href="/sites/A/participants/P07?month=2026-12#calendar-title" rel="next">December 2026 →"#))
            // October: nothing; without a month, the newest month with something.
            let october = try await sup.send(.get, "/sites/A/participants/P07?month=2026-10")
            #expect(october.html.contains("Nothing in October 2026: no session, event or therapy."))
            #expect(
                try await sup.send(.get, "/sites/A/participants/P07").html.contains("<caption>November 2026</caption>"))
            let bad = try await sup.send(.get, "/sites/A/participants/P07?month=2026-13")
            #expect(bad.status == 400 && bad.html.contains("The month month=2026-13 is not a month"))
        }
    }
}
