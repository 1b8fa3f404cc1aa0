// The live page: rows a machine pushes through the sync API appear in a real browser without a reload.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyServer

@Suite(.serialized) struct DashboardLiveTests {
    /// A session of P07 started a minute ago and still running (no end), and its sample trial rows, as a machine
    /// pushes them.
    static func runningSession(_ id: String) throws -> (state: (folder: String, state: String), trials: [String]) {
        let state = try DashboardAlertsTests.session(id, participant: "P07", start: Date().addingTimeInterval(-60)) {
            $0.endedAt = nil
            $0.completed = false
            $0.endedBy = nil
            $0.environment.deviceID = "home-7"
        }
        let trials = try ProjectionTests.session(
            DashboardAlertsTests.id(of: state), participant: "P07", offset: 0, machine: "home-7"
        ).trials
        return (state, trials)
    }

    static func sendRows(_ trials: [String], first: Int, folder: String, by sender: ProjectionTests.Sender)
        async throws
    {
        try await sender.send(
            file: "\(folder)/trials.csv", kind: "trials", header: CSVWriter.headerLine(TrialRow.columns),
            first: first, items: Array(trials[(first - 1)..<(first - 1 + 3)]))
    }

    @Test func theJSONRouteListsARunningSessionsRowsToThoseWhoSeeItsSite() async throws {
        try await withServer { server in
            for site in ["A", "B"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "sup-a", role: .supervisor, sites: ["A"], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "sup-b", role: .supervisor, sites: ["B"], password: testPassword)
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "A", name: "home-7").token)
            let (state, trials) = try Self.runningSession("20261127T001500Z-live")
            try await DashboardAlertsTests.sendSession(state, by: home)
            try await Self.sendRows(trials, first: 1, folder: state.folder, by: home)
            // A session that ended an hour ago is not live.
            try await DashboardAlertsTests.sendSession(
                try DashboardAlertsTests.session(
                    "20261126T230000Z-done", participant: "P08", start: Date().addingTimeInterval(-7200)), by: home)

            let a = FormClient(server)
            try await a.signIn("sup-a", testPassword)
            let json = try await a.send(.get, "/sites/A/live.json")
            #expect(json.status == 200 && json.headers[.contentType] == "application/json")
            let sessions = try #require(
                (try JSONSerialization.jsonObject(with: Data(json.html.utf8)) as? [String: Any])?["sessions"]
                    as? [[String: Any]])
            let live = DashboardAlertsTests.id(of: state)
            #expect(sessions.map { $0["session"] as? String } == [live])
            #expect(sessions.first?["trials"] as? Int == 3 && (sessions.first?["rows"] as? [Any])?.count == 3)
            // The row just taken on top: newest first, as the sessions are.
            let order = (sessions.first?["rows"] as? [[String: Any]])?.map { $0["trial"] as? Int }
            #expect(order == [3, 2, 1], "\(String(describing: order))")
            let page = try await a.send(.get, "/sites/A/live")
            #expect(page.html.contains("P07 · session \(live)") && page.html.contains("in progress"))
            #expect(page.html.contains(#"<script src="/static/live.js"></script>"#))
            let script = try await a.send(.get, "/static/live.js")
            #expect(script.status == 200 && script.html.contains("textContent"))

            let b = FormClient(server)
            try await b.signIn("sup-b", testPassword)
            #expect(
                try await b.send(.get, "/sites/A/live.json").status == 404, "site B's supervisor learns nothing of A")
            #expect(try await b.send(.get, "/sites/A/live").status == 404)
        }
    }

    @Test(.enabled(if: Browser.available, Browser.skipReason))
    func rowsPushedThroughTheSyncAPIAppearOnTheOpenPageWithoutAReload() async throws {
        try await withServer(live: true) { server in
            try await server.database.sites.addSite("A")
            _ = try await server.database.accounts.addUser(
                name: "sup-a", role: .supervisor, sites: ["A"], password: testPassword)
            let home = ProjectionTests.Sender(
                server: server, token: try await server.enrolDevice(site: "A", name: "home-7").token)
            let base = "http://127.0.0.1:\(try #require(server.client.port))"
            let (state, trials) = try Self.runningSession("20261127T001500Z-live")
            try await DashboardAlertsTests.sendSession(state, by: home)

            try await WebDriver.with(width: 1280, height: 800) { browser in
                try await browser.signIn(base, "sup-a")
                try await browser.go(base + "/sites/A/live")
                #expect(try await browser.text().contains("in progress"))
                #expect(try await browser.elements(".live-session tbody tr").isEmpty)
                // A mark on the page's window: a reload would drop it.
                _ = try await browser.execute("window.notReloaded = true; return null;")
                for first in [1, 4] {
                    let sent = Date()
                    try await Self.sendRows(trials, first: first, folder: state.folder, by: home)
                    var seen = 0
                    // Waits for the rows (no time is asserted: the figure is printed; the page polls every second).
                    for _ in 0..<300 where seen < first + 2 {
                        seen = try await browser.elements(".live-session tbody tr").count
                        if seen < first + 2 { try await Task.sleep(for: .milliseconds(100)) }
                    }
                    #expect(seen == first + 2, "rows 1…\(first + 2) appear on the page")
                    print("live: rows \(first)…\(first + 2) shown \(Date().timeIntervalSince(sent)) s after sending")
                }
                #expect(try await browser.execute("return window.notReloaded === true;") as? Bool == true)
                // The count is written with the rows' poll, and may come a frame after the rows: waited for too.
                var count: String?
                for _ in 0..<100 where count != "6" {
                    count =
                        try await browser.execute("return document.querySelector('.live-count').textContent;")
                        as? String
                    if count != "6" { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(count == "6")
                try await browser.screenshot("live-1280x800")
                try await browser.expectAccessible(base, "/sites/A/live")
            }
        }
    }
}
