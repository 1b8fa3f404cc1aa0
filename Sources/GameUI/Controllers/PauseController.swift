// The pause screen of a round: resume, recentre, quit (and why the round paused, when a device was lost).
import GameCore
import Localization

/// Its menu starts on Resume each time the round pauses; P or Esc resumes as the footer says.
final class PauseController: ScreenController {
    private var menu = MenuModel([
        .button("resume", Translation.gettext("Resume")),
        .button("recentre", Translation.gettext("Recentre (straight ahead = where I face now)")),
        .button("quit", Translation.gettext("Quit (everything so far is saved)")),
    ])

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        switch command {
        case .pause, .back:
            try app.perform(app.flow.resume())
        default:
            switch menu.handle(command) {
            case .activated("resume"): try app.perform(app.flow.resume())
            case .activated("recentre"): try app.perform(app.flow.recentreAndResume())
            case .activated("quit"): try app.perform(app.flow.quit())
            default: break
            }
        }
    }

    /// A round the head tracker's silence paused resumes by itself when data returns.
    func tick(now: MonotonicTime, app: GameApp) throws {
        if app.settings.input.isTracker { try app.tracker?.resumeIfReturned(now: now, app: app) }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try click(on: menu, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        focusRow(of: &menu, x: x, y: y, app: app)
    }

    func sentence(app: GameApp) -> String? {
        app.flow.pauseReason ?? Translation.gettext("Paused. Choose Resume to go on.")
    }

    func draw(app: GameApp) {
        let painter = app.painter
        painter.window.clear()
        var top = painter.title(Translation.gettext("Paused"), subtitle: app.progressLine)
        if let reason = app.flow.pauseReason {
            top +=
                painter.text.drawWrapped(
                    reason, x: painter.width / 2, y: top, width: painter.width - painter.scaled(160),
                    pixels: painter.px(.body), color: Theme.warning, align: .center) + painter.scaled(20)
        }
        painter.drawMenu(menu, top: top)
        painter.hint(Translation.gettext("↑ ↓ choose · Enter: select · P or Esc: resume · Gamepad: d-pad, A, Start"))
    }
}
