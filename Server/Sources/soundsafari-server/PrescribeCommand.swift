// `soundsafari-server prescribe profile|plan`: what the dashboard's prescription form does, for scripts; audited.
import ArgumentParser
import Foundation
import StudyServer

struct PrescribeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prescribe",
        abstract: "Prescribe a training plan or a hearing-profile version for a participant of a site.",
        discussion:
            "The file is checked as the API checks it (a plan as `soundsafari plan assign` does; a profile.json, whose newest version is prescribed). The participant's machines receive it at their next sync; a shared machine (a lab PC where others played too) only with --shared-machines."
    )
    @OptionGroup var database: DatabaseOption
    @Argument(help: "plan or profile.") var kind: String
    @Option(help: "The participant's pseudonymous ID.") var participant: String
    @Option(help: "The participant's site.") var site: String
    @Option(help: "The plan file, or the profile.json.") var file: String
    @Flag(help: "Also the shared machines (a lab PC) where the participant played; they keep their settings otherwise.")
    var sharedMachines = false

    func validate() throws {
        guard ["plan", "profile"].contains(kind) else {
            throw ValidationError("prescribe \(kind): give plan or profile.")
        }
    }

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure(description: "\(file) cannot be read: give the path of the \(kind) file.")
        }
        let content: String
        do {
            content = try PrescriptionCheck.content(kind: kind, participant: participant, data: data, name: file)
        } catch let refusal as PrescriptionCheck.Refusal {
            throw CommandFailure(description: refusal.description)
        }
        let id = try await withDatabase(database) { [kind, site, participant, sharedMachines] database -> Int in
            guard try await PostgresExport(database: database).exportSites(site) != nil else {
                throw CommandFailure(
                    description: "No site named \(site) exists: `soundsafari-server site list` names them.")
            }
            return try await PostgresPrescriptions(database: database).prescribe(
                kind: kind, site: site, participant: participant, content: content, by: ("cli", "admin"),
                requestID: nil, sharedMachines: sharedMachines)
        }
        print(
            "Prescribed \(kind) \(id) for \(participant) of \(site): \(participant)'s machines receive it at their next sync"
                + (sharedMachines ? ", the shared ones too." : " (not the shared machines where others played too).")
        )
    }
}
