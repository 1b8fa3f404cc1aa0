// `soundsafari plan assign`: a supervisor gives a participant a training plan (stored with them, never overwritten).
import ArgumentParser
import Foundation
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Manage participants' training plans.",
        subcommands: [PlanAssignCommand.self])
}

struct PlanAssignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Check a training plan file and store it with the participant as their current plan.",
        discussion: """
            Each assignment is kept as <logs>/<participant>/plan-NNN.json (the next number; earlier ones stay). \
            The participant then runs soundsafari train --participant ID. See Examples/training-plan.json.
            """)

    @Option(help: "Pseudonymous participant ID (e.g. P01); no real names.")
    var participant: String

    @Argument(help: "The training plan (JSON).")
    var file: String

    @Option(help: "Folder for the study logs.", transform: LogsOption.parse)
    var logs: String = "StudyLogs"

    @Option(help: "Folder holding sounds.json (default: found from the executable or the current folder).")
    var sounds: String?

    func validate() throws {
        if let problem = ParticipantID.problem(with: participant) {
            throw ValidationError("Participant ID '\(participant)': \(problem).")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let plan = try TrainingPlanFile.load(url)
        let catalog = try SoundCatalog.locate(explicitFolder: sounds)
        try plan.session.checkSounds(
            available: Set(catalog.entries.map(\.name)), file: url.path, fieldPrefix: "session.")
        let id = try ParticipantID(participant)
        let logsURL = URL(fileURLWithPath: logs)
        try FileSessionStore(logs: logsURL).registerIfNew(id, at: Date())
        let assigned = try AssignedPlan.assign(url, logs: logsURL, participant: id, at: Date())
        print("Assigned '\(plan.name)' to \(participant) as version \(assigned.version): \(assigned.url.path)")
        print(PlanSchedule.of(assigned, logs: logsURL, participant: id, today: Date()).summary)
    }
}
