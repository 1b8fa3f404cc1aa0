// The round: the viewfinder while the player searches for the animal by ear and takes its photo.
import GameCore
import Localization

/// The running round. Its state is the session's (`SessionRun`, fed through the `GameManager`): this screen sends
/// the photo, pause, recentre, volume and, once help is offered, "hear it again" and "skip", and draws the
/// viewfinder (nothing on it depends on where the animal is). A head tracker gone silent pauses the round.
final class RoundController: ScreenController {
    /// With read aloud on, the round's start (or its next animal's search) waits until its instruction has been
    /// spoken (`hold`); the animal calls only then, so speech never sounds over it.
    private var heldStart: FlowEffect?
    /// The help when stuck, spoken with the search paused (its calls silent, the search's time stopped).
    private var heldHelp: String?
    /// The help was spoken in this search (it is spoken once).
    private var helpSpokenFor: TrialKey?
    private var spokenFirst = SpokenFirst(readAloud: false)

    /// Read aloud: `effect` (the round's start or next animal) is carried out once its instruction is spoken.
    /// A session whose minutes are used up ends at once instead (no instruction of a round that never comes).
    func hold(_ effect: FlowEffect, app: GameApp) -> Bool {
        guard let session = app.run?.session, upcomingInstruction(app) != nil,
            !(session.timeLimitSeconds.map { session.playedSeconds >= $0 } ?? false)
        else { return false }
        heldStart = effect
        spokenFirst = SpokenFirst(readAloud: true)
        return true
    }

    /// Starts what waited for its sentence (a key answers for the patient who did not wait).
    private func release(at time: MonotonicTime, app: GameApp) throws {
        spokenFirst.release()
        if let effect = heldStart {
            heldStart = nil
            try app.run?.perform(effect, app: app)
        }
        if heldHelp != nil {
            heldHelp = nil
            app.run?.session.resume(at: time)
        }
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        // A key while the sentence is spoken starts the animal at once, and then does what it says.
        if heldStart != nil || heldHelp != nil { try release(at: time, app: app) }
        let heading = app.input.heading
        switch command {
        case .activate, .photoKey: app.run?.shoot(at: time, heading: heading, app: app)
        case .pause, .back: try app.perform(app.flow.pause())
        case .recentre: app.run?.recentre(at: time, heading: heading, app: app)
        case .listenAgain, .heardBoth:
            // Offered with the help when stuck (L, gamepad X): the call from its start.
            if searchHelp(app) != nil { app.run?.session.replayCall() }
        case .skipAnimal, .heardNothing:
            // Offered with the help (K, gamepad Back): logged as skipped, never as a photo.
            if searchHelp(app) != nil { app.run?.skip(at: time, heading: heading, app: app) }
        default:
            if let steps = SessionVolume.steps(for: command) { try app.run?.changeVolume(bySteps: steps, at: time) }
        }
    }

    /// The tracker silent for half a second pauses the round (it resumes by itself: `PauseController.tick`).
    func tick(now: MonotonicTime, app: GameApp) throws {
        if heldStart != nil || heldHelp != nil {
            if spokenFirst.update(
                readAloud: app.readAloud.enabled, speaking: app.readAloud.speaking != nil, now: now)
            {
                try release(at: now, app: app)
            }
            return
        }
        // Stuck: with read aloud on, the calls pause while the help is spoken, once per search.
        if app.readAloud.enabled, let session = app.run?.session, case .searching(let key) = session.state,
            helpSpokenFor != key, let help = searchHelp(app)
        {
            helpSpokenFor = key
            try session.pause(at: now, heading: app.input.heading)
            heldHelp = help.sentence
            spokenFirst = SpokenFirst(readAloud: true)
            return
        }
        if app.settings.input.isTracker { try app.tracker?.pauseIfSilent(now: now, app: app) }
    }

    /// The animal calls, except while its instruction or the help is spoken first (read aloud).
    func stimulusSounds(app: GameApp) -> Bool { heldStart == nil && heldHelp == nil }

    /// The instruction about to be played, or the help, while the animal waits for it (read aloud).
    func sentence(app: GameApp) -> String? {
        if let heldHelp { return heldHelp }
        return heldStart == nil ? nil : upcomingInstruction(app)
    }

    /// The instruction of the search the held effect starts: the first animal not yet photographed.
    private func upcomingInstruction(_ app: GameApp) -> String? {
        guard let run = app.run, let key = run.session.nextUnloggedKey,
            let index = run.session.plan.roundIndex(of: key.round)
        else { return nil }
        let round = run.session.plan.rounds[index]
        return GameWording.instruction(
            state: .searching(key), kind: LevelKind(rawValue: round.level), target: key.targetIndex - 1,
            names: round.targetSounds.map { run.displayName(of: $0) })
    }

    func draw(app: GameApp) {
        let help = searchHelp(app)
        var hint = Self.turningHint(app)
        if help != nil {
            hint +=
                Self.inputInUse(app) == .gamepad
                ? Translation.gettext(" · X: hear it again · Back: skip this animal")
                : Translation.gettext(" · L: hear it again · K: skip this animal")
        }
        app.painter.drawRunning(
            instruction: heldStart == nil ? app.run?.instruction ?? "" : upcomingInstruction(app) ?? "",
            progress: app.progressLine, inputHint: hint,
            compass: CompassStrip(heading: app.input.heading), volume: app.run?.volume.display(at: app.clock.now()),
            minutesLeft: app.minutesLeft?.fraction, help: heldHelp ?? help?.sentence)
    }

    /// Help once a training search has lasted the plan's `feedback.help_after_s` (nil otherwise).
    private func searchHelp(_ app: GameApp) -> SearchHelp? {
        guard let run = app.run, let sink = run.driver.training else { return nil }
        return SearchHelp.forSearch(
            run.session, heading: app.input.heading, at: app.clock.now(),
            afterSeconds: sink.feedbackMode.helpAfterSeconds, name: { run.displayName(of: $0) })
    }

    /// The device whose controls the footer names: the one used last (a keyboard player told "move the mouse"
    /// learns nothing), the menu's choice before any input, a head tracker while it steers.
    static func inputInUse(_ app: GameApp) -> InputKind {
        app.settings.input.isTracker ? app.settings.input : app.input.lastUsed ?? app.settings.input
    }

    /// How to turn, alone (the practice answers nothing else: no photo, pause or volume there).
    static func turnOnlyHint(_ app: GameApp) -> String {
        switch inputInUse(app) {
        case .keyboard: Translation.gettext("Turn: ← → (Shift: slowly)")
        case .mouse: Translation.gettext("Turn: move the mouse")
        case .gamepad:
            app.input.controllerHasGyro
                ? Translation.gettext("Turn your body holding the controller") : Translation.gettext("Turn: left stick")
        case .opentrack, .osc: Translation.gettext("Turn your head")
        }
    }

    /// How to turn, take the photo, pause, recentre and change the volume with the device chosen.
    static func turningHint(_ app: GameApp) -> String {
        switch inputInUse(app) {
        case .keyboard:
            Translation.gettext(
                "Turn: ← → (Shift: slowly) · Photo: Space · Pause: P · Recentre: R · Volume: − + or ↓ ↑")
        case .mouse: Translation.gettext("Turn: move the mouse · Photo: click · Pause: P · Recentre: R · Volume: − +")
        case .gamepad:
            app.input.controllerHasGyro
                ? Translation.gettext(
                    "Turn your body holding the controller · Photo: A · Pause: Start · Recentre: Y · Volume: d-pad ↓ ↑")
                : Translation.gettext("Turn: left stick · Photo: A · Pause: Start · Recentre: Y · Volume: d-pad ↓ ↑")
        case .opentrack, .osc:
            Translation.gettext("Turn your head · Photo: Space or click · Pause: P · Recentre: R · Volume: − +")
        }
    }
}
