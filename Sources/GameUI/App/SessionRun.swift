// The rounds of a window session: the session driver's GameSession fed with the player's input, results shown.
import Foundation
import GameCore
import SessionRuntime
import SpatialAudio
import StudyKit
import StudyRecords

/// Connects the screens to the ONE session driver (`SessionDriver`, shared with `simulate`): opens the
/// session with the menu's or the protocol's settings, turns the flow's effects into `Event`s for the
/// `GameManager`, and tells the flow when a photo was logged. The heading source is the `InputHandler`.
final class SessionRun {
    let driver: SessionDriver
    let manager: GameManager
    /// The device logged with each photo: the menu's choice, or the keyboard after the gamepad was unplugged.
    private(set) var device: InputDevice
    private var seenTrials = 0
    private var finished = false
    /// The app's `logsChanged`, called after each logged photo and once the session is over.
    private var logsChanged: (@Sendable () -> Void)?
    /// The newest photo (for the result screens).
    private(set) var lastTrial: TrialResult?
    /// The volume keys during the rounds, from where the headphone check left it.
    private(set) var volume: SessionVolume
    /// The result picture of the last photo, as a texture for the result screens.
    private(set) var resultPicture: SDLTexture?
    /// What the result picture says (its labels and caption), shown with it.
    private(set) var resultPictureTexts: [String] = []

    private init(driver: SessionDriver, manager: GameManager, device: InputDevice, volume: SessionVolume) {
        self.driver = driver
        self.manager = manager
        self.device = device
        self.volume = volume
    }

    /// Opens the session (participant registered if new, session folder, session.json, trials.csv) after the
    /// headphone `check` passed, and gives the flow the session's real rounds (a resumed session starts where it
    /// stopped).
    static func begin(app: GameApp, check: HeadphoneCheck) throws -> SessionRun {
        guard let audio = app.audio else { throw UIError.audioNotStarted }
        let device = app.settings.input.logDevice(gamepadHasGyro: app.input.controllerHasGyro)
        var source: SessionSource
        switch app.options.kind {
        case .play:
            source = .mode(app.settings.mode, rounds: app.settings.rounds)
            if let check = app.pendingHRTFCheck { source = .builtInProtocol(check) }
            app.pendingHRTFCheck = nil
        case .study(let file, _, _):
            source = .protocolFile(file)
        case .training:
            source = .mode(app.settings.mode, rounds: app.settings.rounds)  // replaced by the plan's request below
        case .prompt, .instruments, .hearing:
            throw UIError.noSessionForPrompt
        }
        var request = SessionRequest(
            source: source, participant: app.settings.participant,
            seed: app.options.seed, resume: app.resuming, input: device)
        if let training = app.training { request = try training.request(app: app, input: device) }
        let scene = EngineAudioScene(engine: audio.engine, catalog: audio.catalog)
        // A condition with its own HRTF set reopens the engine between rounds, the audio callback held meanwhile.
        scene.whileNotRendering = { body in try audio.output.whileLocked(body) }
        // Headings reach the renderer as each event is handled, not on the next tick (motion-to-sound latency).
        app.input.headingOutput = audio.engine.listenerHeading
        let driver = try SessionDriver.open(
            request, store: FileSessionStore(logs: app.options.logs), scene: scene, clock: app.clock,
            pictures: ResultPictureFiles())
        let run = SessionRun(
            driver: driver, manager: driver.makeManager(headingSource: app.input), device: device,
            volume: SessionVolume(volumeDB: check.volumeDB, maximumDB: check.maximumDB))
        run.logsChanged = app.options.logsChanged
        try driver.recordHeadphoneCheck(
            HeadphoneCheckOutcome(
                at: app.clock.date(at: app.clock.now()),
                result: check.continuedWithoutPassing ? .continuedAnyway : .bothSides,
                failedAttempts: check.failedAttempts, lastProblem: check.lastVerdict?.logName,
                volumeDB: check.volumeDB))
        driver.onResult = { [unowned app, unowned run] result in
            // A pause also reports a result, but its picture would show where the target is: only photos are shown.
            guard result.kind != .interrupted else { return }
            let picture = ResultPicture(result: result)
            try picture.withSurface { surface in
                run.resultPicture = SDLTexture(surface: surface, window: app.window)
            }
            run.resultPictureTexts = picture.texts
        }
        let rounds = driver.session.plan.rounds.map {
            FlowRound(condition: $0.condition, targets: max(1, $0.targetSounds.count))
        }
        let next = driver.session.nextUnloggedKey
        let index = next.flatMap { driver.session.plan.roundIndex(of: $0.round) } ?? 0
        app.flow.adoptRounds(rounds, roundIndex: index, photosDone: max(0, (next?.targetIndex ?? 1) - 1))
        if driver.ratings != nil {
            app.flow.adoptRatings(try driver.asksRatingsBefore() ? [.before, .after] : [.after])
        }
        app.adoptPracticeIfFirstSession(run)
        app.reportSessionOpened(run)
        return run
    }

    var session: GameSession { driver.session }

    /// True until the session has finished or stopped.
    var isActive: Bool { !session.state.isOver }

    var folderPath: String { driver.log.location.path }

    /// What the player is asked to do now, in the run's language.
    var instruction: String {
        let level = session.level
        return GameWording.instruction(
            state: session.state, kind: level?.kind, target: level?.currentTargetIndex,
            names: level?.targets.map { displayName(of: $0.sound) } ?? [])
    }

    /// Every photo of the session for the summary: read back from trials.csv, so a resumed session's
    /// earlier photos are included; this run's photos if the file cannot be read.
    func allPhotos() -> [ResultWording.Photo] {
        if let rows = try? driver.log.loggedRows(), rows.count >= session.trials.count {
            return rows.map {
                .init(
                    round: $0.round, condition: $0.condition, target: $0.target,
                    deviationDeg: $0.deviationDeg, timeSeconds: $0.timeS)
            }
        }
        return session.trials.map {
            .init(
                round: $0.round, condition: $0.condition, target: $0.target,
                deviationDeg: $0.deviationDeg, timeSeconds: $0.timeSeconds)
        }
    }

    /// An animal's name as the window shows it (translated).
    func displayName(of sound: String) -> String {
        GameWording.animal(sound, displayName: session.levelFactory.displayName(of: sound))
    }

    /// The next target of the current round, after an intermediate result.
    var nextTargetName: String? {
        guard let level = session.level, let index = level.currentTargetIndex, level.targets.indices.contains(index)
        else { return nil }
        return displayName(of: level.targets[index].sound)
    }

    /// The player now aims and shoots with `device` (the pad was unplugged, or plugged back in).
    func switchInput(to device: InputDevice) { self.device = device }

    /// The device that took a photo: the one the player used last (the key, click or button of the photo itself),
    /// whatever the menu said; a head tracker's session logs the tracker, which aims.
    func photoDevice(app: GameApp) -> InputDevice {
        guard !app.settings.input.isTracker, let used = app.input.lastUsed else { return device }
        return used.logDevice(gamepadHasGyro: app.input.controllerHasGyro)
    }

    func shoot(at time: MonotonicTime, heading: Bearing, app: GameApp) {
        manager.enqueue(Event(kind: .shoot, time: time, heading: heading, device: photoDevice(app: app)))
    }

    /// "Skip this animal": the target's row is logged as skipped and its result shows where it was.
    func skip(at time: MonotonicTime, heading: Bearing, app: GameApp) {
        manager.enqueue(Event(kind: .skip, time: time, heading: heading, device: photoDevice(app: app)))
    }

    /// A volume key during a round: the new volume ramps in and is logged at once (session.json `volume_events`).
    func changeVolume(bySteps steps: Int, at time: MonotonicTime) throws {
        guard let volumeDB = volume.change(bySteps: steps, at: time) else { return }
        try driver.setVolume(volumeDB, source: "volume keys")
    }

    func recentre(at time: MonotonicTime, heading: Bearing, app: GameApp) {
        manager.enqueue(Event(kind: .recentre, time: time, heading: heading, device: device))
    }

    /// Called every frame: a newly logged photo moves the flow to its result screen, with the shutter sound.
    func poll(app: GameApp) throws {
        // A timed session's next pass of rounds, added at the last photo of the pass before: the flow goes on.
        if session.plan.rounds.count > app.flow.rounds.count {
            app.flow.roundsAdded(
                session.plan.rounds[app.flow.rounds.count...].map {
                    FlowRound(condition: $0.condition, targets: max(1, $0.targetSounds.count))
                })
        }
        if session.trials.count > seenTrials {
            seenTrials = session.trials.count
            lastTrial = session.trials.last
            if lastTrial?.skipped == false { app.audio?.playShutter(heading: app.input.heading) }
            if let lastTrial { app.trainingPhotoLogged(lastTrial) }
            logsChanged?()
            try app.perform(app.flow.photoTaken())
        }
        if session.endedBy == .time { try app.perform(app.flow.sessionEndedByTime()) }
        try finishIfOver()
    }

    func perform(_ effect: FlowEffect, app: GameApp) throws {
        let now = app.clock.now()
        let heading = app.input.heading
        func send(_ kind: Event.Kind) {
            manager.enqueue(Event(kind: kind, time: now, heading: heading, device: device))
        }
        switch effect {
        case .startRound:
            if session.state == .ready {
                app.input.calibrateGyroIfAtRest()
                try session.start(heading: heading)
            } else {
                send(.proceed)
            }
        case .pauseRound, .resumeRound:
            send(.pause)  // the ActionResolver toggles: pause while searching, resume while paused
        case .recentre:
            send(.recentre)
        case .continueRound, .finishSession:
            send(.proceed)  // the next target; after the last round's result, the session finishes
        case .abandonSession:
            // Immediately, not on the next tick: the window may be closing.
            session.stop()
            try finishIfOver()
        case .exit:
            break
        }
    }

    /// Writes ended_at (and completed) into session.json once, when the session is over.
    private func finishIfOver() throws {
        guard session.state.isOver, !finished else { return }
        finished = true
        try driver.finish()
        logsChanged?()
    }
}
