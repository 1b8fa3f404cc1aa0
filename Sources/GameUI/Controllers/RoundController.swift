// The round: the viewfinder while the player searches for the animal by ear and takes its photo.
import GameCore
import Localization

/// The running round. Its state is the session's (`SessionRun`, fed through the `GameManager`): this screen sends
/// the photo, pause, recentre, volume and, once help is offered, "hear it again" and "skip", and draws the
/// viewfinder (nothing on it depends on where the animal is). A head tracker gone silent pauses the round.
final class RoundController: ScreenController {
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
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
            if searchHelp(app) != nil { app.run?.skip(at: time, heading: heading) }
        default:
            if let steps = SessionVolume.steps(for: command) { try app.run?.changeVolume(bySteps: steps, at: time) }
        }
    }

    /// The tracker silent for half a second pauses the round (it resumes by itself: `PauseController.tick`).
    func tick(now: MonotonicTime, app: GameApp) throws {
        if app.settings.input.isTracker { try app.tracker?.pauseIfSilent(now: now, app: app) }
    }

    /// The animal calls: nothing is spoken during a search.
    func stimulusSounds(app: GameApp) -> Bool { true }

    func sentence(app: GameApp) -> String? { nil }

    func draw(app: GameApp) {
        let help = searchHelp(app)
        var hint = Self.turningHint(app)
        if help != nil {
            hint +=
                app.settings.input == .gamepad
                ? Translation.gettext(" · X: hear it again · Back: skip this animal")
                : Translation.gettext(" · L: hear it again · K: skip this animal")
        }
        app.painter.drawRunning(
            instruction: app.run?.instruction ?? "", progress: app.progressLine, inputHint: hint,
            compass: CompassStrip(heading: app.input.heading), volume: app.run?.volume.display(at: app.clock.now()),
            minutesLeft: app.minutesLeft?.fraction, help: help?.sentence)
    }

    /// Help once a training search has lasted the plan's `feedback.help_after_s` (nil otherwise).
    private func searchHelp(_ app: GameApp) -> SearchHelp? {
        guard let run = app.run, let sink = run.driver.training else { return nil }
        return SearchHelp.forSearch(
            run.session, heading: app.input.heading, at: app.clock.now(),
            afterSeconds: sink.feedbackMode.helpAfterSeconds, name: { run.displayName(of: $0) })
    }

    /// How to turn, alone (the practice answers nothing else: no photo, pause or volume there).
    static func turnOnlyHint(_ app: GameApp) -> String {
        switch app.settings.input {
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
        switch app.settings.input {
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
