// The public About page, a site's forms for its text and time zone and a participant's calendar in a real browser (headless
// Chromium), at a screen's and a phone's size: axe-core finds nothing serious, nothing wider than the screen.
import Foundation
import Testing

@testable import StudyServer

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct AboutBrowserTests {
    @Test(arguments: [(1280, 800), (390, 844)])
    func theAboutPageSignedOutAndAParticipantsCalendar(width: Int, height: Int) async throws {
        try await withParticipantStudy(live: true) { server, _ in
            _ = try await server.database.setSiteAbout(
                site: "A",
                text:
                    "Tinnitus study of the ENT clinic, University Hospital (Dr. A. Example).\nQuestions: the study team, Monday to Friday 9–12, phone 0731 500-0.",
                by: ("test", "admin"), requestID: nil)
            _ = try await server.database.setSiteTimeZone(
                site: "A", zone: try SiteTimeZone("Europe/Berlin"), by: ("test", "admin"), requestID: nil)
            let port = try #require(server.client.port)
            let base = "http://127.0.0.1:\(port)"
            let size = "\(width)x\(height)"
            try await WebDriver.with(width: width, height: height) { browser in
                try await browser.go(base + "/login")
                try await browser.clickAndLoad("footer a[href='/about']")
                #expect(
                    try await browser.title().hasPrefix("About SoundSafari"), "signed out, the footer's link opens it")
                #expect(try await browser.text().contains("Tinnitus study of the ENT clinic"))
                try await browser.expectAccessible(base, "/about")
                #expect(try await browser.overflowsViewport() == false, "nothing wider than the screen at \(size)")
                try await browser.screenshot("about-\(size)")
                try await browser.screenshot("about-sent-\(size)", at: "#privacy-2")
                try await browser.screenshot("about-credits-\(size)", at: "#credits-title")

                try await browser.signIn(base, "sup-a")
                try await browser.expectAccessible(base, "/sites/A")
                try await browser.screenshot("site-about-form-\(size)", at: "#about-title")
                try await browser.screenshot("site-time-zone-form-\(size)", at: "#zone-title")
                try await browser.expectAccessible(base, "/sites/A/participants/P07?month=2026-11")
                #expect(try await browser.overflowsViewport() == false, "the calendar fits at \(size)")
                try await browser.screenshot("participant-calendar-\(size)", at: "#calendar-title")
            }
        }
    }
}
