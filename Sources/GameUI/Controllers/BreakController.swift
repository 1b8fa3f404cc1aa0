// The break between two conditions of a study: a rest for the participant, Enter for the supervisor.
import GameCore
import Localization

/// The break screen: which condition was finished, which comes next, and a timer counting from when it appeared.
final class BreakController: ScreenController {
    private let startedAt: MonotonicTime

    init(startedAt: MonotonicTime) { self.startedAt = startedAt }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        // The supervisor's Enter or gamepad A goes on (the participant's photo key does not); Esc or P ends the
        // session here (the summary; everything logged is kept and can be resumed).
        if ContinueFooter.conditionBreak.answers(command) {
            try app.perform(app.flow.continuePressed())
        } else if command == .back || command == .pause {
            try app.perform(app.flow.quit())
        }
    }

    func footer(app: GameApp) -> ContinueFooter? { .conditionBreak }

    /// The break waits for the Enter it names: a click does nothing.
    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {}

    func sentence(app: GameApp) -> String? { BreakWording.finished(app.flow.currentRound?.label) }

    func draw(app: GameApp) {
        let flow = app.flow
        let next = Translation.gettext(
            "Next: Round {round} of {rounds} — {label}",
            [
                "round": String(flow.roundIndex + 2), "rounds": String(flow.rounds.count),
                "label": flow.nextRound?.label ?? "",
            ])
        let painter = app.painter
        let (width, text) = (painter.width, painter.text)
        painter.window.clear()
        var y = painter.title(
            Translation.gettext("Break"),
            subtitle: BreakWording.timer(seconds: app.clock.now().seconds - startedAt.seconds))
        y +=
            text.drawWrapped(
                BreakWording.finished(flow.currentRound?.label), x: width / 2, y: y,
                width: width - painter.scaled(160), pixels: painter.px(.heading), color: Theme.good, align: .center)
            + painter.scaled(30)
        y +=
            text.drawWrapped(
                next, x: width / 2, y: y, width: width - painter.scaled(160), pixels: painter.px(.heading),
                bold: true, align: .center) + painter.scaled(30)
        text.drawWrapped(
            Translation.gettext(
                "Take a short rest. Supervisor: press Enter (gamepad A) when the participant is ready."),
            x: width / 2, y: y, width: width - painter.scaled(200), pixels: painter.px(.body), color: Theme.dimText,
            align: .center)
        // The footer's way on (ContinueFooter) and the supervisor's way out.
        painter.hint(BreakWording.hint)
    }
}
