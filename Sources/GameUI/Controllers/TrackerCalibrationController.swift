// A head tracker's calibration before the headphone check: face forward, then turn right (`TrackerSession`).
import GameCore
import Localization

/// The calibration's state is the tracker's own (`TrackerSession.step`, moved on each frame by its readings):
/// this screen shows its instruction and the raw yaw arriving, and passes the keys on. Esc quits.
final class TrackerCalibrationController: ScreenController {
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back { return try app.perform(app.flow.quit()) }
        try app.tracker?.handle(command, now: app.clock.now(), app: app)
    }

    /// The newest reading moves the calibration on.
    func tick(now: MonotonicTime, app: GameApp) throws {
        if app.settings.input.isTracker { try app.tracker?.calibrate(now: now, app: app) }
    }

    func sentence(app: GameApp) -> String? { app.tracker?.step.instruction }

    func draw(app: GameApp) {
        guard let tracker = app.tracker else { return }
        let painter = app.painter
        painter.window.clear()
        let y = painter.title(Translation.gettext("Head tracker"), subtitle: tracker.status(at: app.clock.now()))
        painter.text.drawWrapped(
            tracker.step.instruction, x: painter.width / 2, y: y + painter.scaled(60),
            width: painter.width - painter.scaled(200), pixels: painter.px(.heading), bold: true, align: .center)
        painter.hint(Translation.gettext("Space or Enter: I face forward · Backspace: start again · Esc: quit"))
    }
}
