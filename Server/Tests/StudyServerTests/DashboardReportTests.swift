// The research report page: the analyzer's report of the database, equal to `soundsafari-analyze report` on the export.
import Foundation
import StudyAnalysis
import Testing

@testable import StudyServer

@Suite struct DashboardReportTests {
    /// The report part of a report page: what stands between its `<div class="report">` and the main's end.
    static func reportBody(_ html: String) -> String? {
        guard let start = html.range(of: #"<div class="report">"#), let main = html.range(of: "</main>"),
            let end = html.range(of: "</div>", options: .backwards, range: start.upperBound..<main.lowerBound)
        else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func thePagesReportEqualsTheAnalyzersOnTheExportedFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-report-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let north = try ExportTests.writeLogs(
            folder.appendingPathComponent("north-logs"), participants: ["P01", "P02", "P03", "P04"], machine: "d-lab")
        // South's session IDs are north's with another suffix: writeLogs numbers sessions by position alone.
        let south = Dictionary(
            uniqueKeysWithValues: try ExportTests.writeLogs(
                folder.appendingPathComponent("south-logs"), participants: ["S01", "S02"], machine: "d-south"
            ).map { file, items in
                (
                    file.replacingOccurrences(of: "Z-00", with: "Z-ff"),
                    items.map { $0.replacingOccurrences(of: "Z-00", with: "Z-ff") }
                )
            })
        try await withServer { server in
            for site in ["north", "south"] { try await server.database.sites.addSite(site) }
            _ = try await server.database.accounts.addUser(
                name: "res", role: .researcher, sites: [], password: testPassword)
            _ = try await server.database.accounts.addUser(
                name: "sup-s", role: .supervisor, sites: ["south"], password: testPassword)
            try await ExportTests.sync(
                north, with: .init(server: server, token: try await server.enrolDevice(site: "north").token))
            try await ExportTests.sync(
                south, with: .init(server: server, token: try await server.enrolDevice(site: "south").token))

            let browser = FormClient(server)
            try await browser.signIn("res", testPassword)
            for site in ["north", nil] {
                // What a researcher does by hand: the export folder (as `soundsafari-server export --out DIR
                // [--site S]` writes it), then `soundsafari-analyze report DIR --out REPORT`.
                let export = folder.appendingPathComponent("export-\(site ?? "all")")
                var sink = try FolderSink(folder: export)
                _ = try await server.database.export.export(sites: site.map { [$0] } ?? ["north", "south"], to: &sink)
                let out = folder.appendingPathComponent("report-\(site ?? "all")").path
                _ = try StudyReport.write(
                    inputs: [export.path], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false)
                // The page wraps each table in a region that scrolls sideways on a phone; the rest is the same bytes.
                let analyzer = WebReportRoutes.narrow(
                    try String(contentsOfFile: out + "/report.html", encoding: .utf8))

                let page = try await browser.send(.get, "/report" + (site.map { "?site=\($0)" } ?? ""))
                #expect(page.status == 200)
                let body = try #require(Self.reportBody(page.html), "the page holds a report: \(page.html)")
                #expect(!body.isEmpty && analyzer.contains(body), "the page's report is the analyzer's, byte for byte")
                // writeLogs gives one animal up per logs folder: the report leaves it out.
                let rows = site == nil ? 178 : 119
                #expect(body.contains("Rows analysed: \(rows) from 1 file(s)"))
                #expect(body.contains("Participants: \(site == nil ? 6 : 4);"))
                #expect(body.contains("<svg"), "the figures are in the page")
            }

            // A supervisor of south sees south's report and nothing of north, not even that it exists.
            let supervisor = FormClient(server)
            try await supervisor.signIn("sup-s", testPassword)
            #expect(try await supervisor.send(.get, "/report?site=north").status == 404)
            let own = try await supervisor.send(.get, "/report")
            #expect(own.html.contains("Rows analysed: 59 from 1 file(s)") && !own.html.contains(">north<"))
            // A protocol no row has: the analyzer's sentence, naming the values there are.
            let none = try await supervisor.send(.get, "/report?protocol=nothing")
            #expect(none.status == 200 && none.html.contains("no trial rows to report on after the filters"))
            #expect(!none.html.contains(FileManager.default.temporaryDirectory.path), "no server folder is shown")
        }
    }
}
