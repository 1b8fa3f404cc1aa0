// The overview's alerts by kind: a heading with the count, the first five listed, the rest folded, and the
// participants behind their plan linked to the participants table's filter.
import Foundation
import Localization
import Testing

@testable import StudyServer

@Suite struct OverviewAlertGroupsTests {
    static func alerts(_ kind: DashboardAlert.Kind, _ count: Int) -> [DashboardAlert] {
        (1...count).map {
            DashboardAlert(site: "north east", kind: kind, participant: "P0\($0)", text: "\(kind.rawValue) \($0).")
        }
    }

    @Test func aKindPastFiveAlertsListsFiveAndFoldsTheRestUnderItsCount() throws {
        let alerts =
            Self.alerts(.tinnitus, 2) + Self.alerts(.missed, 7)
            + [DashboardAlert(site: "north east", kind: .quiet, participant: nil, text: "The machine lab-1 is quiet.")]
        let groups = WebSiteRoutes.alertGroups(alerts, site: "north east", catalog: .english)
        let html = try #require(
            WebPages.load().pages.libraries[.english]?.render(
                ["alertGroups": groups, "noAlerts": false], withTemplate: "overview"))
        // A heading per kind, in the kinds' order (missed first), each with its count.
        let headings = html.components(separatedBy: "<h3 class=\"alert-group\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(
            headings == [
                "north east: Missed plan sessions (7)", "north east: Tinnitus rated worse (2)",
                "north east: Machines that do not sync (1)",
            ], "\(headings)")
        // Each alert once, on its own line; the missed ones past the fifth inside the fold, nothing else folded.
        let fold = try #require(html.range(of: "<details><summary>Show 2 more alerts</summary>"))
        for n in 1...7 {
            let line =
                "<li class=\"alert-missed\"><a href=\"/sites/north%20east/participants/P0\(n)\">P0\(n)</a> missed \(n).</li>\n"
            let found = try #require(html.range(of: line), "P0\(n)")
            #expect(html.components(separatedBy: line).count == 2)
            #expect((found.lowerBound > fold.lowerBound) == (n > 5), "P0\(n)")
        }
        #expect(html.components(separatedBy: "<details>").count == 2, "only a kind past five folds")
        #expect(html.contains("<li class=\"alert-quiet\">The machine lab-1 is quiet.</li>"))
        #expect(
            html.contains(
                "<a href=\"/participants?site=north%20east&amp;state=behind\">The participants behind their plan in the participants table</a>"
            ), "the missed ones link the table's filter")
        #expect(html.components(separatedBy: "state=behind").count == 2, "only missed sessions have a filter")
        #expect(!html.contains("Nothing needs your attention"))
    }

    @Test func noAlertsSaysSoAndOneAlertIsNotFolded() throws {
        let pages = try WebPages.load().pages
        let none = try #require(
            pages.libraries[.english]?.render(
                ["alertGroups": WebSiteRoutes.alertGroups([], site: "north", catalog: .english), "noAlerts": true],
                withTemplate: "overview"))
        #expect(none.contains("Nothing needs your attention.") && !none.contains("alert-group"))
        let five = WebSiteRoutes.alertGroups(Self.alerts(.dose, 5), site: "north east", catalog: .english)
        #expect(five.count == 1 && five[0]["more"] == nil && (five[0]["shown"] as? [[String: Any]])?.count == 5)
    }
}
