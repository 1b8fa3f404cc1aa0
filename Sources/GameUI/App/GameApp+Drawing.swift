// What each screen shows, assembled from the flow, the menus and the session's results.
import Foundation
import GameCore
import SessionRuntime
import StudyKit
import StudyRecords

extension GameApp {
    func paint() {
        if let controller = currentController() { return controller.draw(app: self) }
        switch flow.screen {
        case .mainMenu:
            painter.drawMainMenu(mainMenu, message: menuMessage, readAloud: readAloudState)
        case .participantSheet:
            painter.drawParticipantSheet(
                participantSheet, participant: settings.participant, known: sheetPrefilled, warning: repeatNote)
        case .headphoneCheck:
            painter.drawHeadphoneCheck(headphoneCheck, progress: studyProgressNote, exposureWarning: weekDoseWarning)
        case .running:
            painter.drawRunning(
                instruction: run?.instruction ?? "", progress: progressLine, inputHint: inputHint,
                compass: CompassStrip(heading: input.heading), volume: run?.volume.display(at: clock.now()),
                minutesLeft: minutesLeft?.fraction, help: searchHelp?.sentence)
        case .practice:
            painter.drawRunning(
                instruction: practiceInstruction, progress: "Practice — not scored",
                inputHint: turnOnlyHint + " · " + (ContinueFooter.of(.practice)?.text ?? ""),
                compass: CompassStrip(heading: input.heading), animal: practiceAnimal)
        case .ratings:
            if let questionnaire { painter.drawQuestionnaire(questionnaire, heading: questionnaireHeading) }
        case .instrument:
            if let instrumentForm, let sitting = instrumentSittings.first {
                painter.drawInstrument(instrumentForm, title: sitting.instrument.title)
            }
        case .summary:
            if training != nil { drawTrainingSummary() } else { drawSummary() }
        default:
            break  // every other screen is drawn by its controller (ScreenControllers)
        }
    }

    /// The minutes left of a session with a time limit (a training plan's `minutes_per_session`), else nil.
    var minutesLeft: MinutesLeft? {
        guard let session = run?.session, let limit = session.timeLimitSeconds else { return nil }
        return MinutesLeft(limitSeconds: limit, playedSeconds: session.playedSeconds(at: clock.now()))
    }

    /// The header of a round: "Round 4 · 9 min left" when the minutes end the session, else "Round 4 of 9 — …".
    var progressLine: String {
        guard let minutesLeft else { return flow.progressLine }
        return minutesLeft.header(round: flow.roundIndex + 1)
    }

    private var studyProgressNote: String? {
        if let resumeNote { return resumeNote }
        if case .study = options.kind { return "Before round \(flow.roundIndex + 1) of \(flow.rounds.count)" }
        return nil
    }

    /// Help once a training search has lasted the plan's `feedback.help_after_s` (nil otherwise).
    var searchHelp: SearchHelp? {
        guard let run, let sink = run.driver.training else { return nil }
        return SearchHelp.forSearch(
            run.session, heading: input.heading, at: clock.now(), afterSeconds: sink.feedbackMode.helpAfterSeconds,
            name: { run.displayName(of: $0) })
    }

    private var inputHint: String {
        let turning = turningHint
        guard searchHelp != nil else { return turning }
        return turning
            + (settings.input == .gamepad
                ? " · X: hear it again · Back: skip this animal" : " · L: hear it again · K: skip this animal")
    }

    /// How to turn, alone (the practice answers nothing else: no photo, pause or volume there).
    var turnOnlyHint: String {
        switch settings.input {
        case .keyboard: "Turn: ← → (Shift: slowly)"
        case .mouse: "Turn: move the mouse"
        case .gamepad: input.controllerHasGyro ? "Turn your body holding the controller" : "Turn: left stick"
        case .opentrack, .osc: "Turn your head"
        }
    }

    var turningHint: String {
        switch settings.input {
        case .keyboard: "Turn: ← → (Shift: slowly) · Photo: Space · Pause: P · Recentre: R · Volume: − + or ↓ ↑"
        case .mouse: "Turn: move the mouse · Photo: click · Pause: P · Recentre: R · Volume: − +"
        case .gamepad:
            input.controllerHasGyro
                ? "Turn your body holding the controller · Photo: A · Pause: Start · Recentre: Y · Volume: d-pad ↓ ↑"
                : "Turn: left stick · Photo: A · Pause: Start · Recentre: Y · Volume: d-pad ↓ ↑"
        case .opentrack, .osc: "Turn your head · Photo: Space or click · Pause: P · Recentre: R · Volume: − +"
        }
    }

    /// What this session shows the participant: a training plan's feedback, a study's protocol `feedback` (nothing
    /// unless it says so), everything in `play`.
    var shownFeedback: SessionFeedback {
        if let training = run?.driver.training {
            // A plan's result screen always shows where the animal was (its true_direction is about the hit/miss
            // lines, trainingFeedbackLines); its verdict is the plan's.
            var shown = SessionFeedback.all
            shown.verdict = training.feedbackMode.verdict
            return shown
        }
        if case .study = options.kind { return run?.driver.feedback ?? .off }
        return run?.driver.feedback ?? .all
    }

    private func drawSummary() {
        if summaryPhotos == nil {
            // Read the log once, when the summary first shows; then tell the terminal and offer what comes next.
            summaryPhotos = run?.allPhotos() ?? []
            reportSessionEnded(summaryPhotos ?? [])
            summaryMenu = SummaryMenu.model(canContinue: flow.quitEarly, canPlayAgain: isPlay)
        }
        let trials = summaryPhotos ?? []
        let feedback = shownFeedback
        // One row per round: each target's signed deviation and time, in the order they were photographed.
        let rounds = Dictionary(grouping: trials, by: \.round).sorted { $0.key < $1.key }
        let rows = rounds.map { round, photos in
            ScreenPainter.SummaryRow(
                round: "\(round)", condition: FlowRound.label(for: photos[0].condition),
                target: photos.map { run?.displayName(of: $0.target) ?? $0.target }.joined(separator: ", "),
                deviation: feedback.showTrueDirection
                    ? photos.map { ResultWording.degrees($0.deviationDeg) }.joined(separator: ", ") : "–",
                time: photos.map { ResultWording.seconds($0.timeSeconds) }.joined(separator: ", "))
        }
        let means = ResultWording.means(trials, feedback: feedback)
        let note: String?
        if flow.quitEarly, case .study = options.kind {
            // The participant is not the one to continue a study: the command went to the supervisor's terminal.
            note = "Every photo so far is saved. The supervisor can continue the session later."
        } else if flow.quitEarly {
            note = "Every photo so far is saved. To continue later: \(resumeCommand)"
        } else {
            note = run.map { "Saved in \($0.folderPath)" }
        }
        painter.drawSummary(
            heading: flow.quitEarly ? "Session paused — see you soon" : "Session complete — thank you!",
            rows: rows, means: means,
            meansColor: Theme.color(
                of: feedback.verdict && feedback.showTrueDirection ? ResultWording.meanGrade(trials) : nil), note: note,
            menu: summaryMenu,
            warning: run.flatMap { WeekDose(fraction: $0.driver.exposure.weekDoseFraction ?? 0).warning })
    }
}
