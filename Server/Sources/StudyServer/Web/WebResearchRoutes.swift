// Dashboard downloads for researchers: the export of every site one sees as one ZIP (the API's ZipSink), streamed.
import Foundation
import HTTPTypes
import Hummingbird

struct WebResearchRoutes {
    let sites: any SitesRepository
    let export: any ExportRepository

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("export.zip", use: exportZIP)
    }

    /// The tidy files (participants, sessions, trials, ratings, each with a `site` column) and the codebook of the
    /// sites the account sees, produced by the one export producer into a ZIP; audited before the first byte.
    @Sendable func exportZIP(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let sites = try await self.sites.sites().filter { account.sees(site: $0) }
        try await self.export.recordExport(
            sites: sites, files: ExportFile.allCases, by: (account.name, account.role.rawValue),
            requestID: context.id)
        let export = self.export
        var headers = WebPages.securityHeaders
        headers[.contentType] = "application/zip"
        headers[.contentDisposition] = "attachment; filename=\"soundsafari-export.zip\""
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                var zip = ZipSink(ResponseSink(writer: writer))
                _ = try await export.export(sites: sites, files: ExportFile.allCases, to: &zip)
                try await zip.finish()
                try await zip.output.writer.finish(nil)
            })
    }
}
