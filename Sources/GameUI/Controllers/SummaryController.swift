// The end of a play or study session (complete or quit): each round's photos, their means, and what comes next.
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// The summary: one row per round (each photo's deviation and time), the means, where the session is saved or
/// how to continue it, and its buttons: continue (after a quit), play again (play), close.
final class SummaryController: ScreenController {
    private var menu = MenuModel([])
    /// The photos listed, read once from the log when the summary shows.
    private var photos: [ResultWording.Photo]?

    /// Reads the log once, at the first frame (the session's last event handled); tells the terminal what was
    /// logged and offers what comes next.
    private func readPhotos(app: GameApp) -> [ResultWording.Photo] {
        if let photos { return photos }
        let read = app.run?.allPhotos() ?? []
        photos = read
        app.reportSessionEnded(read)
        menu = SummaryMenu.model(canContinue: app.flow.quitEarly, canPlayAgain: app.isPlay)
        return read
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back { return try app.perform(app.flow.continuePressed()) }
        // Space is "select" here too, as the footers say (the focused button is Close after a session).
        switch menu.handle(command == .photoKey ? .activate : command) {
        case .activated("continue"): try app.continueSession()
        case .activated("again"): app.playAgain()
        case .activated("close"): try app.perform(app.flow.continuePressed())
        default: break
        }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try click(on: menu, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        focusRow(of: &menu, x: x, y: y, app: app)
    }

    func sentence(app: GameApp) -> String? {
        if !app.flow.quitEarly, let check = checkResult(app: app) { return check.sentences.joined(separator: " ") }
        return SummaryMenu.sentence(quitEarly: app.flow.quitEarly)
    }

    /// The check after "Find my sound" compares the two sounds; nil for any other session.
    private func checkResult(app: GameApp) -> HRTFCheckResult? {
        guard let run = app.run else { return nil }
        return HRTFCheckRun.result(of: run.driver.log.resolvedProtocol, trials: run.session.trials)
    }

    func draw(app: GameApp) {
        let run = app.run
        let photos = readPhotos(app: app)
        let feedback = app.shownFeedback
        // One row per round: each target's signed deviation and time, in the order they were photographed.
        let rounds = Dictionary(grouping: photos, by: \.round).sorted { $0.key < $1.key }
        // The free game is a patient's: how far off without a sign (which way is the picture's to show), the
        // level as heard. A study's table keeps the researcher's signed deviations and condition names.
        let patient = app.isPlay
        let rows = rounds.map { round, photos in
            ScreenPainter.SummaryRow(
                round: "\(round)",
                condition: patient
                    ? GameWording.heard(photos[0].condition) : FlowRound.label(for: photos[0].condition),
                target: photos.map { run?.displayName(of: $0.target) ?? $0.target }.joined(separator: ", "),
                deviation: feedback.showTrueDirection
                    ? photos.map {
                        patient ? "\(Int(abs($0.deviationDeg).rounded()))°" : ResultWording.degrees($0.deviationDeg)
                    }.joined(separator: ", ") : "–",
                time: photos.map { ResultWording.seconds($0.timeSeconds) }.joined(separator: ", "))
        }
        let note: String?
        if app.flow.quitEarly, case .study = app.options.kind {
            // The participant is not the one to continue a study: the command went to the supervisor's terminal.
            note = Translation.gettext("Every photo so far is saved. The supervisor can continue the session later.")
        } else if app.flow.quitEarly {
            note = Translation.gettext(
                "Every photo so far is saved. To continue later: {command}", ["command": app.resumeCommand])
        } else if let check = checkResult(app: app) {
            // "Did it help?" after Find my sound: both sounds in words, not the folder.
            note = check.sentences.joined(separator: " ")
        } else {
            note = run.map { Translation.gettext("Saved in {folder}", ["folder": $0.folderPath]) }
        }
        app.painter.drawSummary(
            heading: SummaryMenu.heading(quitEarly: app.flow.quitEarly),
            rows: rows,
            means: patient && feedback.showTrueDirection && feedback.verdict
                ? ResultWording.patientMeans(photos) : ResultWording.means(photos, feedback: feedback),
            meansColor: Theme.color(
                of: feedback.verdict && feedback.showTrueDirection ? ResultWording.meanGrade(photos) : nil),
            note: note, menu: menu,
            warning: run.flatMap { WeekDose(fraction: $0.driver.exposure.weekDoseFraction ?? 0).warning },
            patientWords: patient)
    }
}
