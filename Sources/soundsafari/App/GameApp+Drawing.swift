// What each screen shows, assembled from the flow, the menus and the session's results.
import Foundation
import GameCore

extension GameApp {
    func paint() {
        switch flow.screen {
        case .mainMenu:
            painter.drawMainMenu(mainMenu, message: menuMessage)
        case .participantSheet:
            painter.drawParticipantSheet(participantSheet, participant: settings.participant)
        case .headphoneCheck:
            painter.drawHeadphoneCheck(headphoneCheck, progress: studyProgressNote)
        case .running:
            painter.drawRunning(instruction: run?.instruction ?? "", progress: flow.progressLine, inputHint: inputHint)
        case .paused:
            painter.drawPaused(pauseMenu, reason: flow.pauseReason, progress: flow.progressLine)
        case .intermediateResult, .roundResult:
            drawResult()
        case .conditionBreak:
            let finished = "Well done — \(flow.currentRound?.label ?? "this part") is finished."
            let next = "Round \(flow.roundIndex + 2) of \(flow.rounds.count) — \(flow.nextRound?.label ?? "")"
            painter.drawBreak(finished: finished, next: next)
        case .summary:
            drawSummary()
        case .error(let message):
            painter.drawError(message, dataNote: run.map { "Everything logged so far is saved in \($0.folderPath)." })
        }
    }

    private var studyProgressNote: String? {
        if case .study = options.kind { return "Before round \(flow.roundIndex + 1) of \(flow.rounds.count)" }
        return nil
    }

    private var inputHint: String {
        switch settings.input {
        case .keyboard: "Turn: ← → (Shift: slowly)   Photo: Space   Pause: P   Recentre: R"
        case .mouse: "Turn: move the mouse   Photo: click   Pause: P   Recentre: R"
        case .gamepad: input.controllerHasGyro
            ? "Turn your body holding the controller   Photo: A   Pause: Start   Recentre: Y"
            : "Turn: left stick   Photo: A   Pause: Start   Recentre: Y"
        }
    }

    private func drawResult() {
        guard let trial = run?.lastTrial else { return }
        let roundEnd = flow.screen == .roundResult
        let name = run?.displayName(of: trial.target) ?? trial.target
        var lines = [ResultWording.deviation(trial.deviationDeg, target: name),
                     "Time: \(ResultWording.seconds(trial.timeSeconds))"]
        if !roundEnd, let next = run?.nextTargetName { lines.append("Next: find the \(next).") }
        let heading = roundEnd ? "Round \(flow.roundIndex + 1) complete" : "Photo \(trial.targetIndex) of \(trial.targetsInRound)"
        let buttonText: String
        if !roundEnd {
            buttonText = "Continue"
        } else if flow.sessionComplete {
            buttonText = "See the summary"
        } else {
            buttonText = "Next round"
        }
        painter.drawResult(heading: heading, picture: resultTexture, pictureSize: resultTextureSize, lines: lines,
                           continueHint: buttonText)
    }

    private func drawSummary() {
        let trials = run?.allTrials ?? []
        let rows = trials.map { trial in
            ScreenPainter.SummaryRow(round: "\(trial.round)", condition: FlowRound.label(for: trial.condition),
                                     target: run?.displayName(of: trial.target) ?? trial.target,
                                     deviation: ResultWording.degrees(trial.deviationDeg),
                                     time: ResultWording.seconds(trial.timeSeconds))
        }
        let means = ResultWording.means(trials)
        let note: String?
        if flow.quitEarly {
            note = "Session stopped early: every photo so far is saved; the session can be resumed (--resume)."
        } else {
            note = run.map { "Saved in \($0.folderPath)" }
        }
        painter.drawSummary(heading: flow.quitEarly ? "Session paused — see you soon" : "Session complete — thank you!",
                            rows: rows, means: means, note: note)
    }
}
