// The research report page: `soundsafari-analyze report` (StudyAnalysis) run on the export of one site or all one sees.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import StudyAnalysis
import TidyFormats

struct WebReportRoutes {
    let sites: any SitesRepository
    let export: any ExportRepository
    let audit: any AuditRepository
    let pages: WebPages

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("report", use: report)
    }

    /// What the report of `sites` is made of: the export (the one producer, the same files as `soundsafari-server
    /// export`) written into a new owner-only folder, then StudyAnalysis's report of that folder, as
    /// `soundsafari-analyze report EXPORT --out REPORT [--filter protocol=NAME]` writes it. Returns the report's
    /// HTML body (its tables, facts and SVG figures) and the export's summary; the folder is removed afterwards.
    static func report(export: any ExportRepository, sites: [String], protocolName: String?) async throws -> (
        body: String, summary: ExportSummary
    ) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("soundsafari-report-\(UUID())")
        try FileManager.default.createDirectory(
            at: work, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: work) }
        let data = work.appendingPathComponent("export")
        var sink = try FolderSink(folder: data)
        let summary = try await export.export(sites: sites, files: ExportFile.allCases, to: &sink)
        let out = work.appendingPathComponent("report").path
        let filters = try protocolName.map { [try RowFilter(parsing: "protocol=\($0)")] } ?? []
        // The analysis is CPU work of seconds on a large study: off the server's event loops.
        do {
            try await Task.detached(priority: .utility) {
                _ = try StudyReport.write(
                    inputs: [data.path], outputFolder: out, groupBy: nil, participantsFile: nil, skipInvalid: false,
                    filters: filters)
            }.value
        } catch let error as AnalysisError {
            // The sentence names the export's files as the page's reader knows them, not the server's folder.
            throw AnalysisError(error.message.replacingOccurrences(of: data.path + "/", with: "the export's "))
        } catch let error as CSVReadError {
            // A row the analyzer refuses (held from before ingest read it as strictly): its sentence on the page,
            // as the analyzer's own, rather than a failed page.
            throw AnalysisError(
                String(describing: error).replacingOccurrences(of: data.path + "/", with: "the export's "))
        }
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        // The document's body, without its own title (the page has one) and its style element (the page's style
        // sheet styles it; the CSP allows no inline style).
        var body = html.components(separatedBy: "<body>").last ?? html
        body = body.components(separatedBy: "</body>").first ?? body
        body = body.replacingOccurrences(of: "<h1>SoundSafari study report</h1>\n", with: "")
        return (Self.narrow(body), summary)
    }

    /// The report's body made to fit a phone: each table in a region of its own that scrolls sideways (focusable, so
    /// a keyboard scrolls it too), instead of widening the whole page (778 px on a 390 px phone); the figures
    /// shrink to the page's width (dashboard.css, `.report svg`).
    static func narrow(_ body: String) -> String {
        var parts = body.components(separatedBy: "<table>")
        for index in parts.indices.dropFirst() {
            parts[index] =
                "<div class=\"scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table \(index) of the report\"><table>"
                + parts[index].replacingOccurrences(of: "</table>", with: "</table></div>")
        }
        return parts.joined()
    }

    /// `/report[?site=S][&protocol=NAME]`: the pooled report of every site the account sees, or of one. Only a
    /// site's and a protocol's name stand in the URL, never a participant.
    @Sendable func report(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let query = context.web?.query ?? [:]
        let visible = try await self.sites.sites().filter { account.sees(site: $0) }
        var sites = visible
        let chosen = query["site"].flatMap { $0.isEmpty ? nil : $0 }
        if let chosen {
            guard visible.contains(chosen) else {
                throw Problem.notFound(
                    Sentence.gettext(
                        "No site named {site} is visible to you: pick one from the list.", ["site": chosen]))
            }
            sites = [chosen]
        }
        let protocolName = query["protocol"].flatMap { $0.isEmpty ? nil : $0 }
        var page: [String: Any] = [
            "sites": visible.map { ["name": $0, "selected": $0 == chosen] }, "all": chosen == nil,
            "protocol": protocolName ?? "", "protocolChosen": protocolName != nil,
            "scope": chosen.map { "site \($0)" } ?? "all your sites",
        ]
        do {
            let (body, summary) = try await Self.report(export: export, sites: sites, protocolName: protocolName)
            page["report"] = body
            page["summary"] = summary.description
        } catch let error as AnalysisError {
            // No rows, or several protocols pooled: the analyzer's sentence, with the page's way to pick one.
            page["error"] =
                error.description.replacingOccurrences(of: "--filter protocol=", with: "the protocol field: ")
        }
        let response = pages.render(
            "report", title: context.catalog.gettext("Research report"), page: page, web: context.web)
        try await self.audit.auditView(
            "report", by: account, site: chosen, detail: ["sites": sites.joined(separator: ",")], requestID: context.id)
        return response
    }
}
