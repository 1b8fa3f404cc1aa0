// The end of a training session: the progress chart, where the plan stands, and the album when it has photos.
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// The training session's end screen (the `summary` screen of `train`): points, the hit zone or the next level,
/// what the patient built over the plan, the chart (saved as progress.png) and one Close button; "My album" (M,
/// gamepad X) opens the album and comes back here. Its lines and chart are made once per session
/// (`TrainingIntent.end`): coming back from the album does not read the logs or tell the terminal again.
final class TrainingEndController: ScreenController {
    /// Only Close: the focused button, so the Enter that dismissed the last result closes nothing by accident.
    private var menu = SummaryMenu.model(canContinue: false, canPlayAgain: false)

    func footer(app: GameApp) -> ContinueFooter? { .close }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .album || command == .heardBoth { return try AlbumController.openFromEnd(app: app) }
        if command == .back { return try app.perform(app.flow.continuePressed()) }
        if case .activated("close") = menu.handle(command == .photoKey ? .activate : command) {
            try app.perform(app.flow.continuePressed())
        }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        if app.painter.menuRow(atX: x, y: y)?.id == "album" { return try AlbumController.openFromEnd(app: app) }
        try click(on: menu, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        focusRow(of: &menu, x: x, y: y, app: app)
    }

    func sentence(app: GameApp) -> String? { SummaryMenu.sentence(quitEarly: app.flow.quitEarly) }

    func draw(app: GameApp) {
        // Made at the first frame, as the session's last event has been handled (not when the flow moved here).
        if app.training?.end == nil { app.training?.end = TrainingEnd.make(app: app) }
        let end = app.training?.end
        app.painter.drawResult(
            heading: SummaryMenu.heading(quitEarly: app.flow.quitEarly),
            picture: end?.chart, lines: end?.lines ?? [], continueHint: Translation.gettext("Close"), footer: .close,
            warning: app.run.flatMap { WeekDose(fraction: $0.driver.exposure.weekDoseFraction ?? 0).warning },
            buttonID: "close",
            sideButton: (end?.albumPhotos ?? 0) > 0
                ? ("album", Translation.gettext("My album"), Translation.gettext("M or gamepad X: my album")) : nil)
    }
}

/// What a training session's end screen shows, made once from the logs when it first shows.
struct TrainingEnd {
    var lines: [String]
    /// Photos in the participant's album (the end screen offers "My album" when any).
    var albumPhotos: Int
    var chart: SDLTexture?

    /// Reads the logs and draws the chart; tells the terminal what was logged and where the plan stands.
    static func make(app: GameApp) -> TrainingEnd {
        var lines: [String] = []
        if let session = app.run?.session, session.endedBy == .time, let limit = session.timeLimitSeconds {
            lines.append(
                Translation.gettext(
                    "Today's {minutes} minutes of training are done.", ["minutes": String(format: "%.0f", limit / 60)]))
        }
        var terminal: [String] = []
        let kept = app.patientProgressLines()
        if let sink = app.run?.driver.training {
            lines.append(
                kept.total.map {
                    Translation.ngettext(
                        "{count} point this session · {total} in all.", "{count} points this session · {total} in all.",
                        sink.points, ["total": String($0)])
                } ?? Translation.ngettext("{count} point this session.", "{count} points this session.", sink.points))
            let level =
                sink.parameter == .hitToleranceDeg
                ? Translation.gettext(
                    "Your hit zone is now ±{zone}°.", ["zone": String(format: "%.0f", sink.staircase.value)])
                : Translation.gettext(
                    "Next time: {difficulty}.",
                    ["difficulty": TrainingWording.difficulty(sink.parameter, sink.staircase.value)])
            lines.append(level)
            terminal.append(
                Translation.ngettext(
                    "{count} point this session (plan '{plan}'). {level}",
                    "{count} points this session (plan '{plan}'). {level}", sink.points,
                    ["plan": sink.planName, "level": level]))
        }
        lines.append(contentsOf: kept.lines)
        if let start = try? app.training?.start(app: app, input: .keyboard) {
            lines.append(start.schedule.patientSummary)
            terminal.append(start.schedule.summary)
        }
        if app.flow.quitEarly {
            lines.append(Translation.gettext("Every photo so far is saved."))
        }
        var chart: SDLTexture?
        do { chart = try app.progressChart(participant: app.settings.participant) } catch { lines.append("\(error)") }
        app.reportSessionEnded(app.run?.allPhotos() ?? [])
        for line in terminal { GameApp.say(line) }
        return TrainingEnd(lines: lines, albumPhotos: kept.albumPhotos, chart: chart)
    }
}
