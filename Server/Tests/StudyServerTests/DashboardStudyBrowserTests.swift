// The overview's alerts, the participants table and the report in a real browser: axe-core, both sizes, screenshots.
import Foundation
import StudyRecords
import Testing

@testable import StudyServer

@Suite(.serialized, .enabled(if: Browser.available, Browser.skipReason))
struct DashboardStudyBrowserTests {
    @Test(arguments: [(1280, 800), (390, 844)])
    func theAlertsTheTableAndTheReportPassAxe(width: Int, height: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-study-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = try ExportTests.writeLogs(
            folder.appendingPathComponent("logs"), participants: ["P01", "P02", "P03", "P04"], machine: "d-lab")
        try await withServer(live: true) { server in
            try await server.database.sites.addSite("north")
            _ = try await server.database.accounts.addUser(
                name: "sup", role: .supervisor, sites: ["north"], password: testPassword)
            let lab = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "north", name: "lab-1").token)
            try await ExportTests.sync(logs, with: lab)
            // P05 is behind on a plan assigned 10 days ago, and P04's loudness went up by 0.3.
            try await DashboardAlertsTests.sendPlan("P05", at: Date().addingTimeInterval(-10 * 86_400), by: lab)
            try await DashboardAlertsTests.sendRatings(
                "P06", loudness: [(Date().addingTimeInterval(-9 * 86_400), 0.2), (Date(), 0.5)], by: lab)
            let base = "http://127.0.0.1:\(try #require(server.client.port))"
            try await WebDriver.with(width: width, height: height) { browser in
                try await browser.signIn(base, "sup")
                let text = try await browser.text()
                #expect(text.contains("P05 missed 4 sessions"), "\(text)")
                #expect(text.contains("P06 rated tinnitus loudness 0.50"))
                for (path, name) in [("/", "alerts"), ("/participants", "participants"), ("/report", "report")] {
                    try await browser.expectAccessible(base, path)
                    // The report was 778 px wide on a 390 px phone (its tables and figures); now only the tables'
                    // own regions scroll sideways.
                    let wide = try await browser.execute("return document.documentElement.scrollWidth;") as? Int
                    #expect(try await browser.overflowsViewport() == false, "\(path) is \(wide ?? 0) px at \(width)")
                    try await browser.screenshot("study-\(name)-\(width)x\(height)")
                }
                #expect(
                    try await browser.execute("return document.querySelectorAll('.report .scroll > table').length;")
                        as? Int ?? 0 > 3, "the report's tables, each in its region")
                try await browser.screenshot("study-report-table-\(width)x\(height)", at: ".report .scroll")
                try await browser.screenshot("study-report-figure-\(width)x\(height)", at: ".report figure")
                try await browser.go(base + "/participants?sort=missed&order=desc")
                #expect(try await browser.text().contains("P05"))
            }
        }
    }
}
