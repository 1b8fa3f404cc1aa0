// The window application: one SDL window whose screens follow `ScreenFlow`, driven by keyboard, mouse or gamepad.
import CSDL2
import Foundation
import GameCore
import HeadTracking
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

/// Runs `play` and `study` in a window. The loop: poll SDL events → `InputHandler` → screen-specific
/// handling (menus, headphone check, the round through the session driver) → draw → present.
/// During rounds the `GameManager` paces the loop (60 Hz, absolute deadlines) and this class draws in
/// its `beforeTick`; before and after the rounds the same frame function runs on a 60 Hz loop of its own.
package final class GameApp {
    let options: AppOptions
    let clock = SystemClock()
    private let sdl: SDLSystem
    let window: GameWindow
    let painter: ScreenPainter
    let input: InputHandler
    let autopilot: Autopilot?
    let screenshots: ScreenshotRecorder?

    var flow: ScreenFlow
    /// The controller of the screen showing (`ScreenControllers`), and the screen it was made for.
    private var controller: ScreenController?
    private var controllerScreen: Screen?
    var mainMenu: MenuModel
    var participantSheet = ParticipantSheet.model()
    /// The sheet shows a registered participant's answers (to complete and correct) rather than a new one's.
    var sheetPrefilled = false
    /// Shown on the sheet when the participant already completed this study's protocol.
    var repeatNote: String?
    var headphoneCheck = HeadphoneCheck()
    /// The weekly listening dose's warning shown on the headphone check (nil below the allowance).
    var weekDoseWarning: String?
    /// A problem with the menu's choices (e.g. an invalid participant ID), shown under the menu.
    var menuMessage: String?
    /// The menu's choices once Start was pressed (or the study's equivalent).
    var settings: MenuSettings
    var usableHRTFs: [String]
    /// Registered participant IDs, offered in the menu's participant row.
    var knownParticipants: [String] = []
    var audio: AppAudio?
    /// The head tracker of `--input opentrack|osc` (listening from the start, steering once chosen).
    let tracker: TrackerSession?
    var run: SessionRun?
    /// The result picture of the last photo, as a texture for the result screens.
    var resultPicture: SDLTexture?
    var keepRunning = true
    /// Continue the participant's latest incomplete session (`--resume`, or "Continue" on the summary).
    var resuming: Bool
    /// Which session and round a resumed session continues at, shown on its headphone check.
    var resumeNote: String?
    /// The summary screen's buttons: continue (after a quit), play again (play), close.
    var summaryMenu = MenuModel([])
    /// The photos the summary lists, read once when it first shows.
    var summaryPhotos: [ResultWording.Photo]?
    /// Set when this window plays a training session (`train`, or the menu's Train); see GameApp+Training.
    var training: TrainingIntent?
    /// The progress chart shown at the end of a training session and from the menu (a texture and its size).
    var progressChart: SDLTexture?
    /// The questionnaire on a ratings screen (GameApp+Questionnaire).
    var questionnaire: Questionnaire?
    /// Where a reminder prompt's answers go (`rate`); a session's go through its driver.
    var promptRatings: SessionRatings?
    /// The instruments this window asks, one sitting each, and the item on screen (GameApp+Instrument).
    var instrumentSittings: [QuestionnaireSitting] = []
    var instrumentForm: InstrumentForm?
    /// The machine's instruments, read once when a training plan names questionnaires.
    var instrumentEntries: [InstrumentLibrary.Entry]?
    /// A study protocol's own participant sheet while it is asked; its consent is checked when its last item is.
    var studySheet: ProtocolSheet?
    /// The practice animal is sounding, and its picture (GameApp+Practice).
    var practiceSounding = false
    var practicePicture: SDLTexture?
    /// Read aloud (F4): the rule of when the screen's sentence is spoken, and the sentence saying it was toggled.
    var readAloud = ReadAloud()
    var readAloudNotice: (text: String, until: MonotonicTime)?
    /// The hearing procedure of a hearing window and its profile (its screens: Controllers/HearingTestController…).
    let hearing: HearingRun?
    private var drawnScreen = ""
    private var framesOnScreen = 0
    /// The last frame as the autopilot reads it, and for how many frames it has not changed.
    private var drawnFrame = DrawnFrame(screen: "", texts: [])
    private var framesUnchanged = 0

    package init(options: AppOptions, hooks: AppHooks = AppHooks()) throws {
        self.options = options
        resuming = options.resume
        // A port that cannot be opened is said in the terminal, before any window.
        tracker = try options.tracker.map { try TrackerSession(input: $0, givenYawSign: options.trackerYawSign) }
        // A profile a hearing procedure cannot run on is said in the terminal, before any window.
        var title = "SoundSafari"
        if case .hearing(let participant, let procedure) = options.kind {
            hearing = try HearingRun(procedure, participant: participant, logs: options.logs)
            title = "SoundSafari — hearing profile \(participant.value)"
        } else {
            hearing = nil
        }
        sdl = try SDLSystem()
        if let size = hooks.windowSize {
            window = try GameWindow(title: title, width: size.width, height: size.height)
        } else {
            window = try GameWindow(title: title)
        }
        painter = ScreenPainter(window: window, text: try TextRenderer(window: window))
        input = InputHandler(clock: clock)
        autopilot = try hooks.autopilotScript.map { try Autopilot.load(path: $0.path) }
        screenshots = try hooks.screenshots.map { try ScreenshotRecorder(folder: $0) }
        painter.text.recordsText = screenshots != nil || autopilot != nil
        // OpenAL Soft's own choice for 48 kHz comes first: it is the default and always usable.
        // The hearing procedures play tones without an HRTF: no need to open OpenAL to list them.
        usableHRTFs = hearing == nil ? (try? HRTFInventory.probe())?.offered ?? [] : []
        // An HRTF asked for on the command line is offered even if unknown: Start then says what is wrong.
        if let asked = options.hrtf, !usableHRTFs.contains(asked) { usableHRTFs.append(asked) }

        // A controller plugged in before start counts for the preferred device.
        var gamepadWithGyro = false
        for signal in input.openFirstController() {
            if case .deviceAdded(_, let hasGyro) = signal { gamepadWithGyro = hasGyro }
        }
        var inputs: [InputKind] = [.mouse, .keyboard]
        if input.controller != nil { inputs.insert(.gamepad, at: 0) }
        if let tracker { inputs.append(InputKind(tracker: tracker.input.kind)) }
        let preferred = InputKind.preferred(gamepadWithGyro: gamepadWithGyro, mousePresent: true)

        switch options.kind {
        case .play(let preset):
            settings = preset
            if !options.inputGiven || !inputs.contains(settings.input) { settings.input = preferred }
            if settings.hrtf.isEmpty { settings.hrtf = usableHRTFs.first ?? "" }
            flow = .play()
        case .study(_, let participant, let chosenInput):
            settings = MenuSettings(
                participant: participant.value, mode: .oneTarget, rounds: 1,
                input: chosenInput ?? preferred, hrtf: options.hrtf ?? usableHRTFs.first ?? "")
            flow = .play()  // replaced by `prepareStudy()` below
        case .training(let participant, let planFile, let chosenInput):
            settings = MenuSettings(
                participant: participant.value, mode: .oneTarget, rounds: 1,
                input: chosenInput ?? preferred, hrtf: options.hrtf ?? usableHRTFs.first ?? "")
            flow = .play()  // replaced by `prepareTraining()` below
            training = TrainingIntent(planFile: planFile)
        case .prompt(let participant, let promptedAt):
            settings = MenuSettings(
                participant: participant.value, mode: .oneTarget, rounds: 1, input: preferred, hrtf: "")
            promptRatings = .prompt(logs: options.logs, participant: participant, promptedAt: promptedAt)
            flow = .prompt()
            questionnaire = Questionnaire(moment: .prompt, items: RatingItem.asked(at: .prompt))
        case .hearing(let participant, _):
            settings = MenuSettings(
                participant: participant.value, mode: .oneTarget, rounds: 1, input: preferred, hrtf: "")
            flow = .hearing(hearing?.firstScreen ?? .profile)
        case .instruments(let participant, let instruments, let moment):
            settings = MenuSettings(
                participant: participant.value, mode: .oneTarget, rounds: 1, input: preferred, hrtf: "")
            let log = QuestionnaireLog(logs: options.logs, participant: participant)
            instrumentSittings = try instruments.map {
                try QuestionnaireSitting(log: log, instrument: $0, moment: moment)
            }
            flow = .instruments()
        }
        var seen = Set<String>()  // a corrected participant has several rows
        knownParticipants = ((try? ParticipantRegistry(logs: options.logs).all()) ?? []).map(\.participant.value)
            .filter { seen.insert($0).inserted }
        mainMenu = MainMenu.model(settings, knownParticipants: knownParticipants, inputs: inputs, hrtfs: usableHRTFs)
        if options.picksParticipant, !knownParticipants.isEmpty {
            flow.pickParticipant()
        }
        if case .study = options.kind { try prepareStudy() }
        if case .training = options.kind {
            flow = .training(rounds: try trainingRounds())
            resumeNote = trainingResumeNote()
            try adoptPlanQuestionnaires()
        }
        if options.resume { try adoptResumePoint() }
        if flow.screen == .instrument { try showNextInstrumentItem() }
        if case .prompt = options.kind { try adoptOverdueQuestionnaires() }
        try applyDisplayPreferences(of: settings.participant)
        // A study, and a resumed play that skips the menu, calibrate the tracker before the headphone check.
        var skipsMenu = options.resume
        if case .study = options.kind { skipsMenu = true }
        if skipsMenu, settings.input.isTracker { useTracker() }
        try hearing?.start(now: clock.now().seconds)
    }

    /// The participant's large text, contrast and read aloud (display.json), applied from the next frame; none for
    /// an ID not valid yet (the menu's first screen).
    func applyDisplayPreferences(of participant: String) throws {
        guard let id = try? ParticipantID(participant) else { return }
        let preferences = try DisplayPreferences.read(logs: options.logs, participant: id)
        Theme.apply(largeText: preferences.largeText, highContrast: preferences.highContrast)
        if preferences.readAloud != readAloud.enabled {
            audio?.speech?.stop()
            readAloud = ReadAloud(enabled: preferences.readAloud)
        }
    }

    /// F2 / F3: applied at once and remembered for the participant (when the window knows who plays).
    func changeDisplay(largeText: Bool, highContrast: Bool) throws {
        Theme.apply(largeText: largeText, highContrast: highContrast)
        try rememberDisplay()
    }

    /// The display settings as they are now, written to the participant's display.json.
    func rememberDisplay() throws {
        let participant =
            flow.screen == .mainMenu ? MainMenu.settings(from: mainMenu).participant : settings.participant
        guard let id = try? ParticipantID(participant) else { return }
        try DisplayPreferences(
            largeText: Theme.applied.largeText, highContrast: Theme.applied.highContrast, readAloud: readAloud.enabled
        ).write(logs: options.logs, participant: id)
    }

    /// The head tracker steers from now on, after its calibration step.
    func useTracker() {
        input.tracked = tracker?.heading
        flow.requireTrackerCalibration()
    }

    /// A study starts at the participant sheet (or the headphone check when the participant is registered or
    /// the session resumes). The rounds shown until the session opens are the protocol's conditions in file
    /// order; the session's resolved order replaces them (`SessionRun.begin`).
    private func prepareStudy() throws {
        guard case .study(let file, let participant, _) = options.kind else { return }
        let studyProtocol = try SessionDriver.loadProtocol(.protocolFile(file), seed: options.seed)
        let rounds = studyProtocol.conditions.flatMap { condition in
            Array(
                repeating: FlowRound(condition: condition.name, targets: max(1, condition.targets.count)),
                count: condition.repetitions)
        }
        // The sheet shows for every new session: empty for a new participant, filled in for one registered
        // before (perhaps with every answer blank by play or simulate), so missing answers are asked and the
        // supervisor can review and correct them. A resumed session goes straight to the headphone check.
        let known = try ParticipantRegistry(logs: options.logs).lookup(participant)
        participantSheet = ParticipantSheet.model(prefilled: known)
        sheetPrefilled = known != nil
        // The supervisor may have started the window without a terminal: the repeat note shows on the sheet too.
        repeatNote =
            try ParticipantRegistry(logs: options.logs).caseWarning(for: participant)
            ?? PastSession.repeatWarning(
                PastSession.all(logs: options.logs, participant: participant), participant: participant,
                protocolName: studyProtocol.name)
        // A protocol's own sheet replaces the participants.csv questions.
        flow = .study(rounds: rounds, participantRegistered: options.resume || studyProtocol.participantSheet != nil)
        if let sheet = studyProtocol.participantSheet, !options.resume {
            try adoptProtocolSheet(sheet, participant: participant)
        }
    }

    deinit { shutdown() }

    /// Frees SDL resources in dependency order: fonts, then the window (its renderer takes every texture still held
    /// with it: `SDLTexture` frees nothing after that), then SDL itself (stored properties would otherwise be
    /// released in an order SDL does not survive).
    func shutdown() {
        audio?.stop()
        audio = nil
        hearing?.windowClosed()
        painter.text.close()
        window.close()
        sdl.close()
    }

    /// Runs until the player closes the window or the session's summary; returns the exit status.
    package func runLoop() throws -> Int32 {
        SDL_StopTextInput()
        updateTextEntry()
        if flow.screen == .headphoneCheck { try enterHeadphoneCheck() }
        let step = 1.0 / GameManager.defaultTickRate
        var next = clock.now()
        InterruptSignals.install()
        while keepRunning && InterruptSignals.pending == nil {
            do {
                if let run, run.isActive {
                    // The session's GameManager paces the frames while rounds are played.
                    try run.manager.run(
                        while: { keepRunning && run.isActive && InterruptSignals.pending == nil },
                        beforeTick: { now in try frame(now: now) })
                    next = clock.now()
                    continue
                }
                clock.sleep(until: next)
                try frame(now: clock.now())
                next = next + step
                if clock.now() - next > 0.25 { next = clock.now() }  // after a stall, don't race to catch up
            } catch let error as Autopilot.ScriptError {
                throw error
            } catch {
                // A failure mid-session (e.g. the log cannot be written) is shown on screen; the rows already
                // written stay, and the session is closed as incomplete. A failure on the error screen ends it.
                if case .error = flow.screen { throw error }
                try perform(flow.fail("\(error)"))
            }
        }
        if let signal = InterruptSignals.pending {
            // The row of a photo is written within a tick, so stopping between ticks never cuts one.
            var interrupted = SessionInterruptedError(signal: signal, folder: nil)
            if let run, run.isActive { interrupted = try run.driver.interrupt(by: signal) }
            shutdown()
            throw interrupted
        }
        shutdown()
        // Quitting early is the player's choice, not a failure; an error screen is (and the terminal says why).
        if case .error(let message) = flow.screen {
            FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
            return 1
        }
        return 0
    }

    // MARK: One frame

    func frame(now: MonotonicTime) throws {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            for signal in input.handle(event, turning: turns) { try handle(signal) }
        }
        input.update(now: now, turning: turns)
        try syncReadAloud()
        try syncPracticeSound()
        try currentController()?.tick(now: now, app: self)
        if settings.input.isTracker { try tracker?.frame(now: now, app: self) }
        // The mouse turns by relative motion while a round runs: hide and capture the pointer then only.
        let captureMouse = turns && settings.input == .mouse
        if (SDL_GetRelativeMouseMode() == SDL_TRUE) != captureMouse {
            SDL_SetRelativeMouseMode(captureMouse ? SDL_TRUE : SDL_FALSE)
        }
        try run?.poll(app: self)
        try playDueReplay()
        let name = flow.screen.name
        framesOnScreen = name == drawnScreen ? framesOnScreen + 1 : 1
        drawnScreen = name
        painter.text.startFrame()
        paint()
        if let notice = readAloudNoticeText { painter.drawNotice(notice) }
        // Screenshots read the frame just drawn, so they come before present (after it the buffer is undefined).
        try screenshots?.frameDrawn(screen: name, window: window, texts: painter.text.drawnTexts)
        let drawn = DrawnFrame(screen: name, texts: painter.text.drawnTexts)
        framesUnchanged = drawn == drawnFrame ? framesUnchanged + 1 : 1
        drawnFrame = drawn
        try autopilot?.advance(
            now: now.seconds, drawn: drawn, screenSettled: framesOnScreen > ScreenshotRecorder.settleFrames,
            contentSettled: framesUnchanged > ScreenshotRecorder.settleFrames,
            state: { [unowned self] in
                AutopilotState(
                    controllerOpen: input.controller != nil, largeText: Theme.applied.largeText,
                    highContrast: Theme.applied.highContrast, soundMeasured: run?.driver.exposure.leftLAeqDBFS != nil)
            },
            screenshot: { [unowned self] name in
                try screenshots?.save(name: name, window: window, texts: painter.text.drawnTexts)
            })
        window.present()
    }

    /// The player turns on the viewfinder: in a round and in the practice before the first.
    var turns: Bool { flow.screen == .running || flow.screen == .practice }

    /// Carries out what the flow asked for.
    func perform(_ effects: [FlowEffect]) throws {
        input.releaseHeldInput()
        // The flow has changed screen already: speech stops here, before a round's sound starts below.
        try syncReadAloud()
        for effect in effects {
            switch effect {
            case .exit:
                keepRunning = false
            default:
                try run?.perform(effect, app: self)
            }
        }
        try enterQuestionnaireIfShown()
        try enterPlanInstrumentsAfterSession()
        updateTextEntry()
    }

    /// Typing goes to a text field only while one has the focus (otherwise A/D turn and letters are keys).
    func updateTextEntry() {
        let typing =
            (flow.screen == .mainMenu
                && mainMenu.focusedItem.map { if case .text = $0.kind { true } else { false } } == true)
            || (flow.screen == .instrument && instrumentForm?.takesTyping == true)
            || currentController()?.takesTyping == true
        input.repeatsKeys = !flow.screen.isHearing
        if typing != input.textEntry {
            input.textEntry = typing
            if typing { SDL_StartTextInput() } else { SDL_StopTextInput() }
        }
    }

    /// The controller of the screen showing now: made by `ScreenControllers` when the flow moved to another
    /// screen (nil for the screens GameApp's extensions still draw and handle).
    func currentController() -> ScreenController? {
        if controllerScreen != flow.screen {
            controllerScreen = flow.screen
            controller = ScreenControllers.make(for: flow.screen, app: self)
        }
        return controller
    }

    /// Moves the flow with `effects` to the screen of `next`, a controller made with its state already loaded (the
    /// diary or album read when the menu opens it, so a problem is said on the menu instead).
    func show(_ next: ScreenController, after effects: [FlowEffect]) throws {
        controller = next
        controllerScreen = flow.screen
        try perform(effects)
    }

    /// The participant typed or picked in the main menu.
    var menuParticipant: String { MainMenu.settings(from: mainMenu).participant }

    /// Whose album shows: the session's participant after a training session, else the menu's.
    var albumParticipant: String { flow.albumFromSummary ? settings.participant : menuParticipant }

    /// A screen the menu opens cannot open: the sentence under the menu, the focus on the participant when the ID
    /// is what is wrong.
    func refuseFromMenu(_ message: String, focusParticipant: Bool) {
        menuMessage = message
        guard focusParticipant else { return }
        mainMenu.focus(on: "participant")
        updateTextEntry()
    }

    /// Replaces the result picture shown on the result screens.
    func showResultPicture(_ surface: UnsafeMutablePointer<SDL_Surface>?) {
        resultPicture = surface.flatMap { SDLTexture(surface: $0, window: window) }
    }
}
