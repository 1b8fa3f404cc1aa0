// A participant's and a session's pages in a real browser (headless Chromium) against a live server and PostgreSQL.
import Foundation
import Testing

@testable import StudyServer

extension WebDriver {
    /// Saves a PNG of the viewport with the element `css` scrolled to its top, as Server/browser-screenshots/NAME.png.
    func screenshot(_ name: String, at css: String) async throws {
        try await execute("document.querySelector(arguments[0]).scrollIntoView();", [css])
        guard let base64 = try await command("GET", "/screenshot") as? String, let png = Data(base64Encoded: base64)
        else { throw WebDriverError(description: "chromedriver returned no screenshot") }
        try FileManager.default.createDirectory(at: Browser.screenshots, withIntermediateDirectories: true)
        try png.write(to: Browser.screenshots.appendingPathComponent("\(name).png"))
    }

    /// The widest element of the page beyond the viewport's width, if any (nothing may need sideways scrolling but
    /// the tables' own scroll regions).
    func overflowsViewport() async throws -> Bool {
        try await execute("return document.documentElement.scrollWidth > window.innerWidth;") as? Bool ?? true
    }
}

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct DashboardParticipantBrowserTests {
    @Test(arguments: [(1280, 800), (390, 844)])
    func theParticipantAndSessionPagesForASupervisorAndAResearcher(width: Int, height: Int) async throws {
        try await withParticipantStudy(live: true) { server, home in
            // One result picture synced (`sync --with-pictures`) for the session the supervisor opens.
            let sample = try #require(
                try FileManager.default.contentsOfDirectory(
                    at: SyncTests.examples.appendingPathComponent("P07"), includingPropertiesForKeys: nil
                ).first)
            let png = try Data(contentsOf: sample.appendingPathComponent("round-04-target-2.png"))
            let folder = try ParticipantStudy.session(number: 2, participant: "P07", profileVersion: 1).folder
            try await home.send(
                file: "\(folder)/round-01.png", kind: "picture", header: nil, first: 1,
                items: [png.base64EncodedString()])
            let port = try #require(server.client.port)
            let base = "http://127.0.0.1:\(port)"
            let size = "\(width)x\(height)"
            try await WebDriver.with(width: width, height: height) { browser in
                try await browser.signIn(base, "sup-a")
                try await browser.go(base + "/sites/A")
                try await browser.clickAndLoad("a[href='/sites/A/participants/P07']")
                #expect(try await browser.title().hasPrefix("Participant P07 · site A"))
                try await browser.expectAccessible(base, "/sites/A/participants/P07")
                #expect(try await browser.overflowsViewport() == false, "nothing wider than the screen at \(size)")
                #expect(
                    try await browser.execute("return document.querySelectorAll('figure svg').length;") as? Int == 7)
                try await browser.screenshot("participant-\(size)")
                try await browser.screenshot("participant-progress-\(size)", at: "#progress-title")
                try await browser.screenshot("participant-hearing-\(size)", at: "#hearing-title")
                try await browser.screenshot("participant-timeline-\(size)", at: "#timeline-title")
                // Prescribe: the form, its diff, then the button that sends it.
                try await browser.type("#notch-centre", "6000")
                try await browser.execute("document.getElementById('notch-width').value = '0.5';")
                try await browser.execute("document.getElementById('gain-rule').value = 'half-gain';")
                try await browser.clickAndLoad("#preview-profile")
                #expect(try await browser.text().contains("What this prescription changes"))
                try await browser.screenshot("participant-prescribe-diff-\(size)", at: "#profile-title")
                try await browser.expectAccessible(base, "/sites/A/participants/P07")
                try await browser.go(base + "/sites/A/participants/P07")
                try await browser.type("#notch-centre", "6000")
                try await browser.execute("document.getElementById('notch-width').value = '0.5';")
                try await browser.clickAndLoad("#preview-profile")
                try await browser.clickAndLoad("#send-profile")
                #expect(try await browser.text().contains("the profile reaches P07's machines of A at their next sync"))
                #expect(
                    try await server.database.prescriptions.prescriptions(site: "A", after: 0, kind: "profile").count
                        == 1)
                // A session's page.
                try await browser.clickAndLoad("a[href='/sites/A/sessions/20261122T090000Z-002a']")
                #expect(try await browser.title().hasPrefix("Session 3 of P07"))
                try await browser.expectAccessible(base, "/sites/A/sessions/20261122T090000Z-002a")
                #expect(try await browser.overflowsViewport() == false)
                try await browser.screenshot("session-\(size)")
                try await browser.screenshot("session-output-\(size)", at: "#check-title")
                #expect(
                    try await browser.execute(
                        "return Array.from(document.querySelectorAll('figure.picture img')).map(i => i.naturalWidth);")
                        as? [Int] == [960], "the synced picture loads")
                try await browser.screenshot("session-pictures-\(size)", at: "#pictures-title")
                // Site B's participant and session: the same 404 as an unknown one.
                try await browser.go(base + "/sites/B/participants/P99")
                #expect(try await browser.text().contains("No participant P99 is known at a site of yours named B"))
                try await browser.go(base + "/sites/B/sessions/20261120T090000Z-000a")
                #expect(try await browser.text().contains("No session 20261120T090000Z-000a is known"))
                // An ID holding a script, on both new pages: text, never run.
                let script = "<script>alert(1)</script>"
                for page in ["participants", "sessions"] {
                    try await browser.go(base + "/sites/A/\(page)/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
                    #expect(try await browser.text().contains(script), "\(page): the ID as text")
                    #expect(await browser.alertIsOpen() == false)
                    #expect(
                        try await browser.execute("return document.querySelectorAll('script').length;") as? Int == 0)
                }
                try await browser.go(base + "/")
                try await browser.clickAndLoad("form.signout button")
                // The researcher: the same pages, read-only.
                try await browser.signIn(base, "res")
                try await browser.go(base + "/sites/A/participants/P07")
                #expect(try await browser.title().hasPrefix("Participant P07"))
                #expect(
                    try await browser.execute("return document.querySelectorAll('main form').length;") as? Int == 0,
                    "no form for a researcher")
                try await browser.expectAccessible(base, "/sites/A/participants/P07")
                try await browser.screenshot("researcher-participant-\(size)")
                try await browser.go(base + "/sites/A/sessions/20261120T090000Z-000a")
                #expect(try await browser.title().hasPrefix("Session 1 of P07"))
                try await browser.expectAccessible(base, "/sites/A/sessions/20261120T090000Z-000a")
            }
        }
    }
}
