// A participant's page, byte for byte, against the page the server rendered before its timeline became a value of
// its own (ParticipantTimeline) and its queries ran at once: the same data gives the same HTML.
import Foundation
import Testing

@testable import StudyServer

@Suite struct ParticipantPageGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/participant-A-P07.html")

    /// What differs between two renderings of the same data: the form's CSRF token (the sign-in's), the dose line
    /// of the status (the last 7 days counted back from today, where the study's sessions have fixed dates) and the
    /// calendar (today's day marked, an ongoing therapy running to today: ParticipantCalendarTests holds it).
    static func normalised(_ html: String) -> String {
        html.replacingOccurrences(
            of: #"name="csrf" value="[^"]*""#, with: #"name="csrf" value="CSRF""#, options: .regularExpression
        ).replacingOccurrences(
            of: #"(<h2 id="status-title">Status</h2>\n<p>[^\n]*</p>\n)<p[^>]*>[^\n]*</p>"#, with: "$1<p>DOSE</p>",
            options: .regularExpression
        ).replacingOccurrences(
            of: #"(?s)<section aria-labelledby="calendar-title">.*?</section>\n"#, with: "CALENDAR\n",
            options: .regularExpression)
    }

    /// UPDATE_GOLDEN=1 writes the file instead (once, from the page as it was before the change it guards).
    @Test func aParticipantsPageIsTheSameHTMLForTheSameData() async throws {
        try await withParticipantStudy { server, _ in
            let sup = FormClient(server)
            try await sup.signIn("sup-a", testPassword)
            let page = try await sup.send(.get, "/sites/A/participants/P07")
            #expect(page.status == 200)
            let html = Self.normalised(page.html)
            #expect(
                html.contains("<p>DOSE</p>") && html.contains(#"value="CSRF""#) && html.contains("CALENDAR\n"),
                "the normalisation found its lines")
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try Data(html.utf8).write(to: Self.golden)
            }
            let expected = try String(contentsOf: Self.golden, encoding: .utf8)
            if html != expected {
                let first = zip(html, expected).prefix { $0 == $1 }.count
                Issue.record(
                    "the page differs from \(Self.golden.lastPathComponent) at character \(first): \(html.dropFirst(max(0, first - 80)).prefix(240))"
                )
            }
        }
    }
}
