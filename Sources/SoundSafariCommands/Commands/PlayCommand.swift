// `soundsafari play`: the game window — main menu, headphone check, rounds, results, summary.
import ArgumentParser
import Foundation
import GameCore
import GameUI
import Localization
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

struct PlayCommand: WindowCommand {
    var logsFolder: URL? { window.logsURL }

    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Open the game window: choose the mode in the main menu, then play rounds.",
        discussion: """
            The flags preset the main menu. Keyboard: arrows/A-D turn (Shift: slowly), Space/Enter take \
            the photo, P/Esc pause, R recentres, -/+ ([/], Down/Up) change the volume during a round, F11 full \
            screen. A gamepad works alone too (d-pad/stick, A, B, Start, Y, d-pad down/up for the volume; \
            gyro when present). Trials are logged to --logs as they happen.
            """)

    @Option(help: "Pseudonymous participant ID (e.g. P01); no real names.")
    var participant: String?

    @Option(help: "one-target, two-targets, two-targets-background or one-target-background (default: one-target).")
    var mode: String?

    @Option(parsing: .unconditional, help: "Number of rounds (1-30; default: 3).")
    var rounds: Int?

    @Flag(
        help:
            "Begin on the list of the participants registered in --logs, to pick one instead of typing an ID (the desktop launcher's window)."
    )
    var pickParticipant = false

    @OptionGroup var window: WindowOptions

    func validate() throws {
        if window.resume, mode != nil || rounds != nil {
            // A resumed session plays on as it was started: a different mode or length would be ignored.
            throw ValidationError("--resume continues the session as it was started; leave out --mode and --rounds.")
        }
        let mode = self.mode ?? LevelKind.oneTarget.rawValue
        let rounds = self.rounds ?? 3
        guard LevelKind(rawValue: mode) != nil else {
            let modes = LevelKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("Unknown mode '\(mode)': use one of \(modes).")
        }
        guard MenuSettings.roundChoices.contains(rounds) else {
            throw ValidationError("--rounds \(rounds) is out of range: use 1 to \(MenuSettings.roundChoices.last!).")
        }
        if let participant, let problem = ParticipantID.problem(with: participant) {
            throw ValidationError("Participant ID '\(participant)': \(problem); \(ParticipantID.rule).")
        }
        if pickParticipant, participant != nil || window.resume {
            throw ValidationError(
                "--pick-participant lets the patient choose who plays: leave out --participant and --resume.")
        }
        if window.resume && participant == nil {
            throw ValidationError("--resume needs --participant: whose session should continue?")
        }
    }

    func run(hooks: AppHooks) throws {
        try window.language.activate(logs: window.logsURL, participant: participant)
        // A missing Sounds folder is nothing the menu can fix: say so in the terminal, before any window.
        _ = try SoundCatalog.locate(explicitFolder: window.sounds)
        try window.checkResumable(participant: participant ?? "")
        let hrtf = try window.hrtf(for: participant)
        let preset = MenuSettings(
            participant: participant ?? "", mode: mode.flatMap(LevelKind.init(rawValue:)) ?? .oneTarget,
            rounds: rounds ?? 3,
            input: window.inputKind ?? .mouse, hrtf: hrtf ?? "")
        var options = AppOptions(
            kind: .play(preset), logs: window.logsURL, seed: window.seed, hrtf: hrtf,
            resume: window.resume, inputGiven: window.input != nil, soundsFolder: window.sounds,
            tracker: window.tracker, trackerYawSign: window.trackerYawSign)
        options.picksParticipant = pickParticipant
        options.languageGiven = window.language.language != nil
        options.logsChanged = logsChanged()
        // A training plan's questionnaires come from this machine's instruments (read only when a plan names some).
        options.instrumentLibrary = { [sounds = window.sounds] in
            try QuestionnaireFolders.library(questionnaires: nil, sounds: sounds).all()
        }
        options.forMyDoctor = { [logs = window.logsURL, sounds = window.sounds] participant in
            // The patient's sentence for "nothing yet": the terminal's names a command, which a patient has no use for.
            guard FileManager.default.fileExists(atPath: logs.appendingPathComponent(participant.value).path) else {
                throw ValidationErrorMessage(
                    Translation.gettext(
                        "{participant} has not played yet: after a first session there is something for the doctor.",
                        ["participant": participant.value]))
            }
            // Without the questionnaires' definitions the answers are still exported, without their wording.
            let library = try? QuestionnaireFolders.library(questionnaires: nil, sounds: sounds)
            return try DoctorFiles.forMyDoctor(logs: logs, participant: participant, library: library)
        }
        try InterruptedExit.run {
            let status = try GameApp(options: options, hooks: hooks).runLoop()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
