// The error screen: something a person must act on (no audio device, an unusable HRTF, a log that cannot be written).
import GameCore
import Localization

/// Shows the sentence of what went wrong and where the data written so far is; continue closes the window.
final class ErrorController: ScreenController {
    private let message: String

    init(message: String) { self.message = message }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        try continueIfFooterAnswers(command, app: app)
    }

    func footer(app: GameApp) -> ContinueFooter? { .close }

    func sentence(app: GameApp) -> String? { message }

    func draw(app: GameApp) {
        let painter = app.painter
        let width = painter.width
        painter.window.clear()
        var y = painter.title(Translation.gettext("Something needs your attention"))
        y +=
            painter.text.drawWrapped(
                message, x: width / 2, y: y, width: width - painter.scaled(160), pixels: painter.px(.heading),
                color: Theme.warning, align: .center) + painter.scaled(30)
        if let run = app.run {
            painter.text.drawWrapped(
                Translation.gettext("Everything logged so far is saved in {folder}.", ["folder": run.folderPath]),
                x: width / 2, y: y,
                width: width - painter.scaled(160), pixels: painter.px(.body), align: .center)
        }
        painter.hint(ContinueFooter.close.text)
    }
}
