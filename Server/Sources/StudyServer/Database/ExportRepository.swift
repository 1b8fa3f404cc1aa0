// The researcher export: the pooled tidy files of sites, audited per export.
import Foundation

public protocol ExportRepository: Sendable {
    /// One audit row per export: who took which files of which sites.
    func recordExport(sites: [String], files: [ExportFile], by actor: (name: String, role: String), requestID: String?)
        async throws
    /// The site names an export covers: `site` if given (nil when it does not exist), else every site.
    func exportSites(_ site: String?) async throws -> [String]?
    /// Writes `files` of the export of `sites` to `sink`, streaming each query row by row.
    func export(sites: [String], files: [ExportFile], to sink: inout some ExportSink) async throws -> ExportSummary
}
