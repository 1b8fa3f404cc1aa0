// The dashboard's HTML escaping: the five characters as entities, byte by byte, in every template.
import Foundation
import Localization
import Testing

@testable import StudyServer

@Suite struct DashboardHTMLTests {
    @Test func theFiveCharactersBecomeEntitiesAndOtherTextStaysAsItIs() {
        #expect(
            DashboardHTML.escape(#"<a href="x">Tom & 'Jerry'</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(DashboardHTML.escape("P07 → 12.5 °, Zoë") == "P07 → 12.5 °, Zoë")
        #expect(DashboardHTML.escape("") == "")
    }

    /// A combining mark after a quote makes one Character of both: escaped by Characters, the quote stayed raw.
    @Test func aQuoteFollowedByACombiningMarkIsEscaped() {
        #expect(DashboardHTML.escape("x\"\u{301} onfocus=alert(1)") == "x&quot;\u{301} onfocus=alert(1)")
        #expect(DashboardHTML.escape("<\u{301}script>") == "&lt;\u{301}script&gt;")
    }

    /// Every template renders with it: a value with markup in it comes out as text, in a table cell and in an
    /// attribute, and a text value still opens a section.
    @Test func everyPageEscapesWithIt() throws {
        let pages = try WebPages.load().pages
        let html = try #require(
            pages.libraries[.english]?.render(
                [
                    "title": "<b>Title</b>", "status": 404, "requestID": "r1",
                    "detail": "No participant \"P1\u{301}\" <script>alert(1)</script>",
                ], withTemplate: "error"))
        #expect(html.contains("<title>&lt;b&gt;Title&lt;/b&gt;"), "\(html)")
        #expect(html.contains("No participant &quot;P1\u{301}&quot; &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("CONTENT_TYPE"))
        #expect(html.hasPrefix("<!doctype html>"), "the pragma's line leaves nothing before the page")
    }
}
