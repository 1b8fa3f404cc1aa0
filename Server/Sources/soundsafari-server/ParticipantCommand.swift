// `soundsafari-server participant export|delete`: an admin's answer to a participant's request for their data or its deletion.
import ArgumentParser
import Foundation
import StudyServer

struct ParticipantCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "participant", abstract: "Export or delete everything the server holds of one participant.",
        subcommands: [Export.self, Delete.self])

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write everything held of a participant of a site into a new owner-only folder; audited.",
            discussion:
                "Each machine's files of the participant's folder as it sent them (<machine id>/<file>), that machine's participants.csv rows of the participant, the prescriptions made for them (prescriptions/) and the audit rows naming them (audit.csv)."
        )
        @OptionGroup var database: DatabaseOption
        @Option(help: "The participant's pseudonymous ID.") var participant: String
        @Option(help: "The participant's site.") var site: String
        @Option(help: "The folder to create (it must not exist).") var out: String

        func run() async throws {
            let folder = URL(fileURLWithPath: out)
            let entries = try await withDatabase(database) { [site, participant] database in
                do {
                    var sink = try FolderSink(folder: folder)
                    return try await PostgresParticipantData(database: database).exportParticipant(
                        site: site, participant: participant, to: &sink, by: ("cli", "admin"))
                } catch let refusal as FolderSink.Refusal {
                    throw CommandFailure(description: refusal.description)
                }
            }
            print("Exported \(participant) of \(site): \(entries.count) files in \(folder.path).")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete everything held of a participant of a site (that site only); audited with what was held.",
            discussion:
                "Removes the files the site's machines sent from the participant's folder, the content of their participants.csv rows, their sessions, trials, ratings, plans, profiles and prescriptions. From then on the site's machines may no longer send that participant's files. Without --yes it only says what would be deleted."
        )
        @OptionGroup var database: DatabaseOption
        @Option(help: "The participant's pseudonymous ID.") var participant: String
        @Option(help: "The participant's site.") var site: String
        @Flag(help: "Delete: without it, only say what would be deleted.") var yes = false

        func run() async throws {
            let (yes, site, participant) = (yes, site, participant)
            let outcome = try await withDatabase(database) { database -> String in
                guard yes else {
                    guard
                        let held = try await PostgresParticipantData(database: database).holdings(
                            site: site, participant: participant), !held.isEmpty
                    else {
                        throw CommandFailure(
                            description:
                                "The server holds nothing of participant \(participant) at site \(site): check the ID and the site."
                        )
                    }
                    // What a dry run is for: said as its answer, not as an error ("Error: This would delete …").
                    return
                        "This would delete \(held.description) of \(participant) at \(site): run it again with --yes to delete them."
                }
                let (before, _) = try await PostgresParticipantData(database: database).deleteParticipant(
                    site: site, participant: participant, by: ("cli", "admin"))
                return "Deleted \(participant) of \(site): \(before.description); audited."
            }
            print(outcome)
        }
    }
}
