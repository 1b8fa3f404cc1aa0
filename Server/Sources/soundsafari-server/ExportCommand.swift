// `soundsafari-server export`: the researcher export as a new owner-only folder, which soundsafari-analyze reads.
import ArgumentParser
import Foundation
import StudyServer

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Write the pooled tidy files (participants, sessions, trials, ratings; a site column) and codebook.md.",
        discussion:
            "The folder is new and owner-only (it holds health data); `soundsafari-analyze` reads it like a logs folder, R with read.csv. session_index is the server's number across machines."
    )
    @OptionGroup var database: DatabaseOption
    @Option(help: "The folder to create (it must not exist).") var out: String
    @Option(help: "Only this site (default: every site).") var site: String?

    func run() async throws {
        let folder = URL(fileURLWithPath: out)
        let summary = try await withDatabase(database) { [site] database in
            guard let sites = try await PostgresExport(database: database).exportSites(site) else {
                throw CommandFailure(
                    description: "No site named \(site ?? "") exists: `soundsafari-server site list` names them.")
            }
            do {
                var sink = try FolderSink(folder: folder)
                try await PostgresExport(database: database).recordExport(
                    sites: sites, files: ExportFile.allCases, by: ("cli", "admin"))
                return try await PostgresExport(database: database).export(sites: sites, to: &sink)
            } catch let refusal as FolderSink.Refusal {
                throw CommandFailure(description: refusal.description)
            }
        }
        print("\(summary.description) Folder: \(folder.path)")
    }
}
