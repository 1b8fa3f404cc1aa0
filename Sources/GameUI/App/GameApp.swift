// The window application: one SDL window whose screens follow `ScreenFlow`, driven by keyboard, mouse or gamepad.
import CSDL2
import Foundation
import GameCore
import HeadTracking
import Localization
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
    let painter: ScreenPainter
    let input: InputHandler
    /// The autopilot and the screenshots of the window tests, and what they watch of the frames.
    private let watch: FrameWatch
    var flow: ScreenFlow
    /// The controller of the screen showing (`ScreenControllers`), the screen it was made for, and whether it
    /// entered yet.
    private var shown: (screen: Screen, controller: ScreenController?, entered: Bool)?
    /// The main menu, kept while other screens show: what was typed and chosen is there when it shows again.
    let menu: MainMenuController
    /// What the window plays and asks, beyond any one screen (settings, training, questionnaires waiting…).
    var setup: WindowSetup
    var audio: AppAudio?
    var run: SessionRun?
    /// The check after "Find my sound" (`HRTFCheck`): the next session the menu starts plays it instead of its mode.
    var pendingHRTFCheck: StudyProtocol?
    var keepRunning = true
    /// Read aloud (F4): the rule of when the screen's sentence is spoken, and the sentence saying it was toggled.
    var readAloud = ReadAloud()

    var window: GameWindow { painter.window }

    package init(options: AppOptions, hooks: AppHooks = AppHooks()) throws {
        self.options = options
        // A port that cannot be opened is said in the terminal, before any window.
        let tracker = try options.tracker.map {
            try TrackerSession(input: $0, givenYawSign: options.trackerYawSign)
        }
        // A profile a hearing procedure cannot run on is said in the terminal, before any window.
        var title = "SoundSafari"
        var hearing: HearingRun?
        if case .hearing(let participant, let procedure) = options.kind {
            hearing = try HearingRun(procedure, participant: participant, logs: options.logs)
            title = "SoundSafari — hearing profile \(participant.value)"
        }
        sdl = try SDLSystem()
        let window: GameWindow
        if let size = hooks.windowSize {
            window = try GameWindow(title: title, width: size.width, height: size.height)
        } else {
            window = try GameWindow(title: title)
        }
        painter = ScreenPainter(window: window, text: try TextRenderer(window: window))
        input = InputHandler(clock: clock)
        watch = try FrameWatch(hooks: hooks)
        painter.text.recordsText = watch.wantsTexts
        // OpenAL Soft's own choice for 48 kHz comes first: it is the default and always usable.
        // The hearing procedures play tones without an HRTF: no need to open OpenAL to list them.
        var usableHRTFs = hearing == nil ? (try? HRTFInventory.probe())?.offered ?? [] : []
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

        var settings: MenuSettings
        var training: TrainingIntent?
        var promptRatings: SessionRatings?
        var sittings: [QuestionnaireSitting] = []
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
        case .hearing(let participant, _):
            settings = MenuSettings(
                participant: participant.value, mode: .oneTarget, rounds: 1, input: preferred, hrtf: "")
            flow = .hearing(hearing?.firstScreen ?? .profile)
        case .instruments(let participant, let instruments, let moment):
            settings = MenuSettings(
                participant: participant.value, mode: .oneTarget, rounds: 1, input: preferred, hrtf: "")
            let log = QuestionnaireLog(logs: options.logs, participant: participant)
            sittings = try instruments.map {
                try QuestionnaireSitting(log: log, instrument: $0, moment: moment)
            }
            flow = .instruments()
        }
        var seen = Set<String>()  // a corrected participant has several rows
        let knownParticipants = ((try? ParticipantRegistry(logs: options.logs).all()) ?? []).map(\.participant.value)
            .filter { seen.insert($0).inserted }
        setup = WindowSetup(
            settings: settings, usableHRTFs: usableHRTFs, knownParticipants: knownParticipants, tracker: tracker,
            hearing: hearing, resuming: options.resume, training: training, promptRatings: promptRatings,
            instrumentSittings: sittings)
        menu = MainMenuController(settings, knownParticipants: knownParticipants, inputs: inputs, hrtfs: usableHRTFs)
        if options.picksParticipant, !knownParticipants.isEmpty {
            flow.pickParticipant()
            // Nobody is known yet: the settings this machine used last, else large text (a patient who needs it
            // cannot read the small names to find the switch).
            let last = DisplayPreferences.lastUsed(logs: options.logs, participants: knownParticipants)
            Theme.apply(largeText: last?.largeText ?? true, highContrast: last?.highContrast ?? false)
        }
        if case .study = options.kind { try prepareStudy() }
        if case .training = options.kind {
            flow = .training(rounds: try trainingRounds())
            resumeNote = trainingResumeNote()
            try adoptPlanQuestionnaires()
        }
        if options.resume { try adoptResumePoint() }
        if case .prompt = options.kind { try adoptOverdueQuestionnaires() }
        try applyDisplayPreferences(of: self.settings.participant)
        // A study, and a resumed play that skips the menu, calibrate the tracker before the headphone check.
        var skipsMenu = options.resume
        if case .study = options.kind { skipsMenu = true }
        if skipsMenu, self.settings.input.isTracker { useTracker() }
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
            readAloud = ReadAloud(enabled: preferences.readAloud, notice: readAloud.notice)
        }
        // The participant's own language, unless the command line chose one for this run.
        if let language = preferences.language, language != LanguageRow.current, !options.languageGiven {
            try speak(language)
        }
    }

    /// The language row of the main menu or the name picker: the window speaks `language` from the next frame, and
    /// remembers it for the participant the menu names (when that is a valid ID).
    func changeLanguage(to language: Language) throws {
        do {
            try speak(language)
        } catch let error as TranslationError {
            return refuseFromMenu("\(error)", focusParticipant: false)
        }
        let participant = flow.screen == .mainMenu ? menu.participant : settings.participant
        guard let id = try? ParticipantID(participant) else { return }
        try DisplayPreferences.remember(language, logs: options.logs, participant: id)
    }

    /// Makes `language` the process's (`Translation.activate`, on the main thread between frames) and words the
    /// menu's rows again in it.
    private func speak(_ language: Language) throws {
        try Translation.activate(language)
        menu.retranslate(knownParticipants: knownParticipants, hrtfs: usableHRTFs)
    }

    /// F2 / F3: applied at once and remembered for the participant (when the window knows who plays).
    func changeDisplay(largeText: Bool, highContrast: Bool) throws {
        Theme.apply(largeText: largeText, highContrast: highContrast)
        try rememberDisplay()
    }

    /// The display settings as they are now, written to the participant's display.json.
    func rememberDisplay() throws {
        let participant = flow.screen == .mainMenu ? menu.participant : settings.participant
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
        // The supervisor may have started the window without a terminal: the repeat note shows on the sheet too.
        let repeatNote =
            try ParticipantRegistry(logs: options.logs).caseWarning(for: participant)
            ?? PastSession.repeatWarning(
                PastSession.all(logs: options.logs, participant: participant), participant: participant,
                protocolName: studyProtocol.name)
        // A protocol's own sheet replaces the participants.csv questions.
        flow = .study(rounds: rounds, participantRegistered: options.resume || studyProtocol.participantSheet != nil)
        if flow.screen == .participantSheet {
            shown = (flow.screen, ParticipantSheetController(prefilled: known, repeatNote: repeatNote), false)
        }
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
        try enterShownScreen()
        updateTextEntry()
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
                try perform(flow.fail(error))
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
            FileHandle.standardError.write(
                Data((Translation.gettext("Error: {message}", ["message": message]) + "\n").utf8))
            return 1
        }
        return 0
    }

    // MARK: One frame

    func frame(now: MonotonicTime) throws {
        // The flow may have moved without an effect to carry out (a study's first screen, a resumed session, a
        // name picked): the screen it moved to also decides whether typing goes to it ("Someone else: type an ID").
        try enterShownScreen()
        updateTextEntry()
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            for signal in input.handle(event, turning: turns) { try handle(signal) }
        }
        input.update(now: now, turning: turns)
        try syncReadAloud()
        try controller?.tick(now: now, app: self)
        if settings.input.isTracker { try tracker?.frame(now: now, app: self) }
        // The mouse turns by relative motion while a round runs: hide and capture the pointer then only.
        let captureMouse = turns && settings.input == .mouse
        if (SDL_GetRelativeMouseMode() == SDL_TRUE) != captureMouse {
            SDL_SetRelativeMouseMode(captureMouse ? SDL_TRUE : SDL_FALSE)
        }
        try run?.poll(app: self)
        painter.text.startFrame()
        controller?.draw(app: self)
        if let notice = readAloud.notice, clock.now() < notice.until { painter.drawNotice(notice.text) }
        try watch.frameDrawn(
            screen: flow.screen.name, now: now, window: window, texts: painter.text.drawnTexts,
            boxes: painter.text.drawnBoxes,
            state: { [unowned self] in
                AutopilotState(
                    controllerOpen: input.controller != nil, largeText: Theme.applied.largeText,
                    highContrast: Theme.applied.highContrast, soundMeasured: run?.driver.exposure.leftLAeqDBFS != nil)
            })
        window.present()
    }

    /// The player turns on the viewfinder: in a round and in the practice before the first.
    var turns: Bool { flow.screen == .running || flow.screen == .practice }

    /// Carries out what the flow asked for, and enters the screen it moved to.
    func perform(_ effects: [FlowEffect]) throws {
        input.releaseHeldInput()
        try switchController()
        // The flow has changed screen already: speech stops here, before a round's sound starts below.
        try syncReadAloud()
        for effect in effects {
            switch effect {
            case .exit:
                keepRunning = false
            case .startRound, .continueRound:
                // Read aloud: the round's instruction is spoken before its animal calls (the round screen starts it).
                if readAloud.enabled, let round = controller as? RoundController, round.hold(effect, app: self) {
                    continue
                }
                try run?.perform(effect, app: self)
            default:
                try run?.perform(effect, app: self)
            }
        }
        try enterShownScreen()
        updateTextEntry()
    }

    /// Typing goes to a text field only while one has the focus (otherwise A/D turn and letters are keys).
    func updateTextEntry() {
        let typing = controller?.takesTyping == true
        input.repeatsKeys = !flow.screen.isHearing
        if typing != input.textEntry {
            input.textEntry = typing
            if typing { SDL_StartTextInput() } else { SDL_StopTextInput() }
        }
    }

    /// The controller of the screen showing now.
    var controller: ScreenController? { shown?.controller }

    /// When the flow has moved to another screen: the old controller leaves and `ScreenControllers` makes the new
    /// one (which enters once the flow's effects are carried out: `enterShownScreen`).
    private func switchController() throws {
        guard shown?.screen != flow.screen else { return }
        let left = shown?.controller
        input.screenChanged()
        shown = (flow.screen, ScreenControllers.make(for: flow.screen, app: self), false)
        try left?.leave(app: self)
    }

    /// The controller of the screen showing enters, once: it loads what it needs, and may move the flow on again
    /// (a questionnaire with nothing left to ask).
    func enterShownScreen() throws {
        try switchController()
        while let current = shown, !current.entered {
            shown?.entered = true
            try current.controller?.enter(app: self)
            try switchController()
        }
    }

    /// Moves the flow with `effects` to the screen of `next`, a controller made with its state already loaded (the
    /// diary or album read when the menu opens it, so a problem is said on the menu instead).
    func show(_ next: ScreenController, after effects: [FlowEffect]) throws {
        let left = shown?.controller
        input.screenChanged()
        shown = (flow.screen, next, false)
        try left?.leave(app: self)
        try perform(effects)
    }

    /// Whose album shows: the session's participant after a training session, else the menu's.
    var albumParticipant: String { flow.albumFromSummary ? settings.participant : menu.participant }

    /// A screen the menu opens cannot open: the sentence under the menu, the focus on the participant when the ID
    /// is what is wrong.
    func refuseFromMenu(_ message: String, focusParticipant: Bool) {
        menu.refuse(message, focusParticipant: focusParticipant)
        updateTextEntry()
    }
}
