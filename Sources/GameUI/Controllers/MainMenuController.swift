// The main menu of `play`: who plays, how, and the ways on (Start, Train, My progress, My diary, My album, Quit).
import GameCore
import Localization
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

/// The main menu. Unlike the other screens its state outlives the screen: the participant typed, the choices made
/// and the sentence under the menu are there again when the diary, the album or the progress chart closes, so
/// `GameApp` keeps this one controller (`GameApp.menu`) and the factory hands it back each time the menu shows.
final class MainMenuController: ScreenController {
    /// The menu's rows as the participant left them.
    private(set) var model: MenuModel
    /// A problem with the menu's choices (an invalid participant ID, an unusable HRTF), shown under the menu.
    var message: String? {
        didSet { messageIsGood = false }
    }
    /// True while the sentence under the menu is good news (the doctor's files saved, when the next training session
    /// is due), not something to fix.
    private var messageIsGood = false

    init(_ settings: MenuSettings, knownParticipants: [String], inputs: [InputKind], hrtfs: [String]) {
        model = MainMenu.model(settings, knownParticipants: knownParticipants, inputs: inputs, hrtfs: hrtfs)
    }

    /// The rows made afresh: a gamepad plugged in (the focus kept on the row it was on), "Play again".
    func rebuild(
        _ settings: MenuSettings, knownParticipants: [String], inputs: [InputKind], hrtfs: [String],
        keepingFocus: Bool = true
    ) {
        let focus = model.focusedItem?.id
        model = MainMenu.model(settings, knownParticipants: knownParticipants, inputs: inputs, hrtfs: hrtfs)
        if keepingFocus, let focus { model.focus(on: focus) }
    }

    /// The rows again in the language the window speaks now, each value and the focus as they were.
    func retranslate(knownParticipants: [String], hrtfs: [String]) {
        var offered: [InputKind] = []
        if case .choice(let options, _) = model.item("input")?.kind {
            offered = options.compactMap(InputKind.init(rawValue:))
        }
        rebuild(settings, knownParticipants: knownParticipants, inputs: offered, hrtfs: hrtfs)
    }

    /// The menu's choices as they stand.
    var settings: MenuSettings { MainMenu.settings(from: model) }

    /// The participant typed or picked in the menu.
    var participant: String { settings.participant }

    /// The name picker's choice: the participant filled in and Train focused, or (a new name) the participant row.
    func picked(_ participant: String?) {
        guard let participant else { return model.focus(on: "participant") }
        model.set("participant", to: participant)
        model.focus(on: "train")
    }

    /// A screen the menu opens cannot open: the sentence under the menu, the focus on the participant when the ID
    /// is what is wrong.
    func refuse(_ message: String, focusParticipant: Bool) {
        self.message = message
        if focusParticipant { model.focus(on: "participant") }
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back {
            app.keepRunning = false
            return
        }
        var command = command
        // A participant ID has no spaces (the diary's fields take them: every printable key is text there).
        if case .text(let typed) = command, model.focusedItem?.id == "participant" {
            command = .text(typed.filter { !$0.isWhitespace })
        }
        let outcome = model.handle(command)
        app.updateTextEntry()
        switch outcome {
        case .changed(LanguageRow.id):
            message = nil
            try app.changeLanguage(to: LanguageRow.chosen(in: model))
        case .changed: message = nil
        case .activated("quit"): app.keepRunning = false
        case .activated("start"): try start(app: app)
        case .activated("train"): try startTraining(app: app)
        case .activated("progress"): try ProgressController.open(app: app)
        case .activated("diary"): try DiaryController.open(app: app)
        case .activated("messages"): try MessagesController.open(app: app)
        case .activated("album"): try AlbumController.openFromMenu(app: app)
        case .activated("findSound"): try HRTFChoiceController.openFromMenu(app: app)
        case .activated("forDoctor"): forMyDoctor(app: app)
        case .activated("about"): try AboutController.open(app: app)
        default: break
        }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try click(on: model, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        focusRow(of: &model, x: x, y: y, app: app)
    }

    var takesTyping: Bool {
        if case .text = model.focusedItem?.kind { return true }
        return false
    }

    func sentence(app: GameApp) -> String? {
        message ?? Translation.gettext("Find the animal by ear, turn to face it, and take its photo.")
    }

    func draw(app: GameApp) {
        app.painter.drawMainMenu(
            model, message: message, messageIsGood: messageIsGood, readAloud: app.readAloudState,
            safari: safariLine(app: app))
    }

    /// The typed participant's safari scenes, open and locked, read from their plan's logs once per participant
    /// typed (and again each time the menu shows, as a session may have opened one); nil without a plan.
    private var safari: (participant: String, line: String?)?

    func enter(app: GameApp) throws { safari = nil }

    private func safariLine(app: GameApp) -> String? {
        if let safari, safari.participant == participant { return safari.line }
        var line: String?
        if let id = try? ParticipantID(participant),
            let assigned = try? AssignedPlan.current(logs: app.options.logs, participant: id),
            assigned.plan.session.scene == nil
        {
            line = (try? SafariProgress.read(logs: app.options.logs, participant: id, assigned: assigned)).map(
                SafariWording.sceneList)
        }
        safari = (participant, line)
        return line
    }

    /// Start: the menu's settings become the session's (the rounds of its mode, or a training plan's `rounds`), the
    /// audio opens with the chosen HRTF, and the flow goes on (tracker calibration or headphone check).
    func start(app: GameApp, rounds: [FlowRound]? = nil) throws {
        let chosen = settings
        if refusesParticipant(chosen.participant, app: app) { return }
        app.settings = chosen
        try app.applyDisplayPreferences(of: chosen.participant)
        app.input.tracked = nil
        if chosen.input.isTracker { app.useTracker() }
        // The menu's voice (read aloud) had its own engine: one audio device at a time.
        app.audio?.stop()
        app.audio = nil
        do {
            app.audio = try AppAudio(
                hrtf: chosen.hrtf.isEmpty ? nil : chosen.hrtf, soundsFolder: app.options.soundsFolder)
        } catch let error as SpatialAudioError where error.isAboutHRTF && app.usableHRTFs.count > 1 {
            // An unusable HRTF can be fixed in the menu by choosing another.
            refuse("\(error)", focusParticipant: false)
            model.focus(on: "hrtf")
            return
        } catch {
            // No audio device, no sounds folder...: nothing the menu can fix.
            return try app.perform(app.flow.fail(error))
        }
        try app.perform(app.flow.menuStarted(rounds: rounds ?? MainMenu.rounds(for: chosen)))
    }

    /// Start, Train and For my doctor all need a valid participant: one sentence under the menu, and the cursor back
    /// in the participant row so the patient can type it again.
    private func refusesParticipant(_ participant: String, app: GameApp) -> Bool {
        guard let problem = ParticipantID.problem(with: participant) else { return false }
        refuse(
            Translation.gettext(
                "Participant ID: {problem}. Type a pseudonym such as P01 (no names).", ["problem": problem]),
            focusParticipant: true)
        app.updateTextEntry()
        return true
    }

    /// For my doctor: the PDF summary and the FHIR bundle into the patient's Documents folder, and a sentence under
    /// the menu saying where they are (a patient cannot be expected to find a file the game does not name).
    private func forMyDoctor(app: GameApp) {
        let chosen = settings
        if refusesParticipant(chosen.participant, app: app) { return }
        guard let export = app.options.forMyDoctor else {
            message = Translation.gettext(
                "The doctor's summary cannot be made here: use soundsafari export in a terminal.")
            return
        }
        do {
            let written = try export(try ParticipantID(chosen.participant))
            message = Translation.gettext(
                "Saved for your doctor: {pdf} (print it or take it along). The same record for the practice's computer: {fhir}.",
                ["pdf": written.pdf.path, "fhir": written.fhir.lastPathComponent])
            messageIsGood = true
        } catch {
            message = "\(error)"
        }
    }

    /// Train: the participant's next plan session, or a sentence under the menu saying why not.
    private func startTraining(app: GameApp) throws {
        let chosen = settings
        if refusesParticipant(chosen.participant, app: app) { return }
        app.settings.participant = chosen.participant
        app.training = TrainingIntent(planFile: nil)
        let rounds: [FlowRound]
        do {
            rounds = try app.trainingRounds()
        } catch let nothingDue as NothingDueError {
            // Not a problem to fix: when the next session is due, in the patient's words (no plan ID).
            app.training = nil
            message = nothingDue.patientSummary
            messageIsGood = true
            return
        } catch {
            app.training = nil
            message = "\(error)"
            return
        }
        app.resumeNote = app.trainingResumeNote()
        try start(app: app, rounds: rounds)
        try app.adoptPlanQuestionnaires()
    }
}

extension SpatialAudioError {
    /// True for the errors a different HRTF choice fixes.
    var isAboutHRTF: Bool {
        switch self {
        case .unknownHRTF, .hrtfNotUsable, .hrtfUnavailable: true
        default: false
        }
    }
}
