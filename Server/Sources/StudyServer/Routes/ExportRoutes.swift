// The researcher export over HTTP: one pooled tidy file, or all of them as a ZIP, of the visible sites, streamed as
// it is read; audited.
import Foundation
import Hummingbird

struct ExportRoutes {
    let sites: any SitesRepository
    let export: any ExportRepository

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("export", use: export)
    }

    /// `GET /api/v1/export?format=csv&file=trials.csv[&site=S]` or `format=zip`: a researcher's (their sites), an admin's or a
    /// supervisor's (their sites) export; without `site`, every site the account sees.
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.account(.admin, .supervisor, .researcher)
        let query = request.uri.queryParameters
        let known: Set<String> = ["format", "file", "site"]
        if let unknown = query.map({ String($0.key) }).first(where: { !known.contains($0) }) {
            throw Problem.badRequest(
                "The parameter \(unknown) is not one of the export's: use format, file and site.")
        }
        let format = query["format"].map(String.init) ?? ""
        guard format == "csv" || format == "zip" else {
            throw Problem.badRequest(
                "Give format=csv (one file) or format=zip (all of them) (\(format.isEmpty ? "none given" : "not \(format)"))."
            )
        }
        let choices = ExportFile.allCases.map(\.rawValue).joined(separator: ", ")
        let files: [ExportFile]
        if format == "zip" {
            guard query["file"] == nil else {
                throw Problem.badRequest("format=zip holds every file: leave out file, or use format=csv for one.")
            }
            files = ExportFile.allCases
        } else {
            guard let name = query["file"].map(String.init), let file = ExportFile(rawValue: name) else {
                throw Problem.badRequest("Give file= one of \(choices): format=csv streams one file per request.")
            }
            files = [file]
        }
        let sites: [String]
        if let site = query["site"].map(String.init) {
            guard account.sees(site: site), try await self.sites.siteID(site) != nil else {
                throw Problem.notFound("No site named \(site) is visible to you: GET /api/v1/sites lists yours.")
            }
            sites = [site]
        } else {
            sites = try await self.sites.sites().filter { account.sees(site: $0) }
        }
        // Audited before the first byte leaves: an export that fails halfway still shows who asked for what.
        try await self.export.recordExport(
            sites: sites, files: files, by: (account.name, account.role.rawValue), requestID: context.id)
        let export = self.export
        if format == "zip" {
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/zip",
                    .contentDisposition: "attachment; filename=\"soundsafari-export.zip\"",
                ],
                body: ResponseBody { writer in
                    var zip = ZipSink(ResponseSink(writer: writer))
                    _ = try await export.export(sites: sites, files: files, to: &zip)
                    try await zip.finish()
                    try await zip.output.writer.finish(nil)
                })
        }
        let file = files[0]
        let contentType = file == .codebook ? "text/markdown; charset=utf-8" : "text/csv; charset=utf-8"
        return Response(
            status: .ok,
            headers: [
                .contentType: contentType, .contentDisposition: "attachment; filename=\"\(file.rawValue)\"",
            ],
            body: ResponseBody { writer in
                var sink = ResponseSink(writer: writer)
                _ = try await export.export(sites: sites, files: files, to: &sink)
                try await sink.writer.finish(nil)
            })
    }
}
