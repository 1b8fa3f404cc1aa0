// `soundsafari train`: the patient's command — the next due session of their training plan, in the window.
import ArgumentParser
import Foundation
import GameUI
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

struct TrainCommand: WindowCommand {
    var logsFolder: URL? { window.logsURL }

    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Play the next due session of your training plan (assigned with soundsafari plan assign).",
        discussion: """
            Says what is done, what is due and what was missed, then opens the window: headphone check, the \
            plan's rounds with feedback after each photo (hit or miss, where the animal really was, points), and \
            your progress chart at the end (also saved as progress.png in your folder). An interrupted session \
            continues where it stopped, with the same session number. When every session is done, or the next is \
            not due yet, it says so and opens no window.
            """)

    @Option(help: "Pseudonymous participant ID (e.g. P01); no real names.")
    var participant: String

    @Option(help: "A training plan file; assigned first when it differs from the participant's current plan.")
    var plan: String?

    @OptionGroup var window: WindowOptions

    func validate() throws {
        if let problem = ParticipantID.problem(with: participant) {
            throw ValidationError("Participant ID '\(participant)': \(problem).")
        }
        if window.resume {
            throw ValidationError("train continues an interrupted plan session by itself; leave out --resume.")
        }
    }

    func run(hooks: AppHooks) throws {
        let logs = window.logsURL
        try window.language.activate(logs: logs, participant: participant)
        let start = try TrainingStart.prepare(
            logs: logs, participant: participant, planFile: plan.map { URL(fileURLWithPath: $0) }, input: .keyboard,
            seed: window.seed)
        print(start.schedule.summary)
        guard start.request != nil else { return }
        // A plan naming a sound the catalog lacks is reported here, naming the stored plan, before any window.
        let catalog = try SoundCatalog.locate(explicitFolder: window.sounds)
        let assigned = start.schedule.assigned
        try SessionDriver.checkSounds(
            of: assigned.plan.session, from: .trainingPlan(assigned, session: 1), catalog: catalog)
        var options = AppOptions(
            kind: .training(participant: try ParticipantID(participant), planFile: nil, input: window.inputKind),
            logs: logs, seed: window.seed, hrtf: try window.hrtf(for: participant), inputGiven: window.input != nil,
            soundsFolder: window.sounds)
        options.logsChanged = logsChanged()
        // A training plan's questionnaires come from this machine's instruments (read only when a plan names some).
        options.instrumentLibrary = { [sounds = window.sounds] in
            try QuestionnaireFolders.library(questionnaires: nil, sounds: sounds).all()
        }
        // A signal ends the plan session as the other windows do: its sentence and 128 + the signal (it was 1).
        try InterruptedExit.run {
            let status = try GameApp(options: options, hooks: hooks).runLoop()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
