// Dashboard downloads for researchers: the export of every site one sees as one ZIP (the API's ZipSink), streamed.
import Foundation
import HTTPTypes
import Hummingbird

struct WebResearchRoutes {
    let database: StudyDatabase

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("export.zip", use: exportZIP)
    }

    /// The tidy files (participants, sessions, trials, ratings, each with a `site` column) and the codebook of the
    /// sites the account sees, produced by the one export producer into a ZIP; audited before the first byte.
    @Sendable func exportZIP(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let sites = try await database.sites().filter { account.sees(site: $0) }
        try await database.recordExport(
            sites: sites, files: ExportFile.allCases, by: (account.name, account.role.rawValue),
            requestID: context.id)
        let database = self.database
        var headers = WebPages.securityHeaders
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"soundsafari-export.zip\""
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                var zip = ZipSink(ResponseSink(writer: writer))
                _ = try await database.export(sites: sites, to: &zip)
                try await zip.finish()
                try await zip.output.writer.finish(nil)
            })
    }
}
