// The result of a photo: after the first photos of a round (intermediate) and after its last (the round's end).
import GameCore
import Localization

/// The result picture (when the protocol lets the participant see where the animal was), the photo's deviation
/// and time or a training plan's words, and the one way on its footer names (a stray Esc never ends it).
final class ResultController: ScreenController {
    /// After the last photo of the round (`Screen.roundResult`) rather than one of its first.
    private let roundEnd: Bool

    init(roundEnd: Bool) { self.roundEnd = roundEnd }

    func footer(app: GameApp) -> ContinueFooter? { .result }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        try continueIfFooterAnswers(command, app: app)
    }

    /// The replay of the photo's animal (a training plan's `feedback.replay`) sounds on this screen only.
    func tick(now: MonotonicTime, app: GameApp) throws { try app.playDueReplay() }

    func leave(app: GameApp) throws { app.stopReplay() }

    /// The replay of the animal is due or sounding: the result's sentence waits for it.
    func stimulusSounds(app: GameApp) -> Bool {
        app.training?.replayDue != nil || app.training?.replay?.isSounding == true
    }

    func sentence(app: GameApp) -> String? {
        guard let run = app.run, let trial = run.lastTrial else { return nil }
        let name = run.displayName(of: trial.target)
        return app.trainingFeedbackLines(target: name, time: ResultWording.seconds(trial.timeSeconds)).first
            ?? (roundEnd
                ? Translation.gettext("Round {round} complete.", ["round": String(app.flow.roundIndex + 1)])
                : Translation.gettext(
                    "Photo {photo} of {photos}.",
                    ["photo": String(trial.targetIndex), "photos": String(trial.targetsInRound)]))
    }

    func draw(app: GameApp) {
        guard let run = app.run, let trial = run.lastTrial else { return }
        let name = run.displayName(of: trial.target)
        let feedback = app.shownFeedback
        // A training photo gets the plan's words (one verdict, points); any other the feedback-aware lines.
        var lines = app.trainingFeedbackLines(target: name, time: ResultWording.seconds(trial.timeSeconds))
        if lines.isEmpty {
            lines = ResultWording.resultLines(
                deviationDeg: trial.deviationDeg, timeSeconds: trial.timeSeconds, target: name, feedback: feedback)
        }
        if !roundEnd, let next = run.nextTargetName {
            lines.append(Translation.gettext("Next: find the {animal}.", ["animal": next]))
        }
        let heading =
            roundEnd
            ? Translation.gettext("Round {round} complete", ["round": String(app.flow.roundIndex + 1)])
            : trial.skipped
                ? Translation.gettext(
                    "Animal {photo} of {photos}",
                    ["photo": String(trial.targetIndex), "photos": String(trial.targetsInRound)])
                : Translation.gettext(
                    "Photo {photo} of {photos}",
                    ["photo": String(trial.targetIndex), "photos": String(trial.targetsInRound)])
        let button =
            !roundEnd
            ? Translation.gettext("Continue")
            : app.flow.sessionComplete ? Translation.gettext("See the summary") : Translation.gettext("Next round")
        // The result picture shows where the animal was: only when the protocol lets the participant see it.
        app.painter.drawResult(
            heading: heading, picture: feedback.showTrueDirection ? run.resultPicture : nil, lines: lines,
            continueHint: button, footer: .result)
    }
}
