// `soundsafari study`: a supervised multi-round session from a protocol file, in the game window.
import ArgumentParser
import Foundation
import GameUI
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

struct StudyCommand: WindowCommand {
    var logsFolder: URL? { window.logsURL }

    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Run a supervised study session from a protocol file (e.g. Examples/thesis-study.json).",
        discussion: """
            Shows the participant sheet first (filled in when the participant is registered in \
            participants.csv: missing answers are asked, corrections appended), then the headphone check, then the protocol's rounds with a progress line \
            and a break screen between conditions. A protocol with a participant_sheet asks that instrument's \
            items instead (stored in questionnaires.csv) until the participant has consented; without consent \
            no session starts. Every photo is logged at once; quitting keeps the data \
            and --resume continues the latest incomplete session.
            """)

    @Option(name: .customLong("protocol"), help: "The study protocol (JSON; see Examples/README.md).")
    var protocolFile: String

    @Option(help: "Pseudonymous participant ID (e.g. P01); no real names.")
    var participant: String

    @OptionGroup var window: WindowOptions

    func validate() throws {
        if let problem = ParticipantID.problem(with: participant) {
            throw ValidationError("Participant ID '\(participant)': \(problem); \(ParticipantID.rule).")
        }
        guard FileManager.default.isReadableFile(atPath: protocolFile) else {
            throw ValidationError(
                "The protocol file \(protocolFile) cannot be read: check the path (examples are in Examples/).")
        }
    }

    func run(hooks: AppHooks) throws {
        try window.language.activate(logs: window.logsURL, participant: participant)
        // A malformed protocol is reported in the terminal, naming file and field, before any window opens.
        // So are a missing sounds folder and a protocol naming a sound the catalog lacks.
        let source = SessionSource.protocolFile(URL(fileURLWithPath: protocolFile))
        let studyProtocol = try SessionDriver.loadProtocol(source, seed: window.seed)
        let catalog = try SoundCatalog.locate(explicitFolder: window.sounds)
        try SessionDriver.checkSounds(of: studyProtocol, from: source, catalog: catalog)
        try window.checkResumable(participant: participant)
        let library = { [sounds = window.sounds] in
            try QuestionnaireFolders.library(questionnaires: nil, sounds: sounds).all()
        }
        if let sheet = studyProtocol.participantSheet {
            // A sheet naming an instrument this machine lacks, or a consent item that cannot record consent, is
            // said before the window opens.
            _ = try ProtocolSheetCheck.instrument(of: sheet, from: library(), file: protocolFile)
        }
        if !window.resume, let id = try? ParticipantID(participant),
            let warning = try ParticipantRegistry(logs: window.logsURL).caseWarning(for: id)
        {
            // Said before the window opens (and on the sheet), so a mistyped ID is caught before anything is logged.
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        if !window.resume, let id = try? ParticipantID(participant),
            let warning = PastSession.repeatWarning(
                PastSession.all(logs: window.logsURL, participant: id), participant: id,
                protocolName: studyProtocol.name)
        {
            // Said before the window opens, so the supervisor can stop a repeat that was not meant.
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        var options = AppOptions(
            kind: .study(
                protocolFile: URL(fileURLWithPath: protocolFile),
                participant: try ParticipantID(participant),
                input: window.inputKind),
            logs: window.logsURL, seed: window.seed, hrtf: try window.hrtf(for: participant), resume: window.resume,
            inputGiven: window.input != nil, soundsFolder: window.sounds,
            tracker: window.tracker, trackerYawSign: window.trackerYawSign)
        options.logsChanged = logsChanged()
        options.instrumentLibrary = library
        try InterruptedExit.run {
            let status = try GameApp(options: options, hooks: hooks).runLoop()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
