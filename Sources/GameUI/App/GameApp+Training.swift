// Training in the window: the plan's next session, feedback after each photo, the progress chart at the end and from the menu.
import CSDL2
import Foundation
import GameCore
import SessionRuntime
import StudyKit
import StudyRecords

/// A window session that follows the participant's training plan (`train`, or the main menu's Train).
struct TrainingIntent {
    /// A plan file to assign first when it differs from the participant's current plan (`train --plan`).
    var planFile: URL?
    /// Where the plan stands after the session, read once for the end screen.
    var endLines: [String]?
    /// The replay of the last photo's animal and when it is due (plan option `feedback.replay`).
    var replay: FeedbackReplay?
    var replayDue: (trial: TrialResult, at: MonotonicTime)?

    /// The participant's next plan session, or an error saying why there is none to play.
    func start(app: GameApp, input: InputDevice) throws -> TrainingStart {
        try TrainingStart.prepare(
            logs: app.options.logs, participant: app.settings.participant, planFile: planFile, input: input,
            seed: app.options.seed)
    }

    func request(app: GameApp, input: InputDevice) throws -> SessionRequest {
        let start = try start(app: app, input: input)
        guard let request = start.request else { throw NothingDueError(summary: start.schedule.summary) }
        return request
    }
}

/// Nothing of the plan to play now: all sessions are done, or the next one is not due yet.
struct NothingDueError: Error, CustomStringConvertible {
    let summary: String
    var description: String { summary }
}

extension GameApp {
    /// The rounds the flow shows before the session opens: the plan protocol's conditions in file order
    /// (the session's resolved order replaces them when it opens).
    func trainingRounds() throws -> [FlowRound] {
        guard let training else { return [] }
        let start = try training.start(app: self, input: .keyboard)
        guard start.request != nil else { throw NothingDueError(summary: start.schedule.summary) }
        return start.schedule.assigned.plan.session.conditions.flatMap { condition in
            Array(
                repeating: FlowRound(condition: condition.name, targets: max(1, condition.targets.count)),
                count: condition.repetitions)
        }
    }

    /// The menu's Train: the participant's next plan session, or a note under the menu saying why not.
    func startTrainingFromMenu() throws {
        let chosen = MainMenu.settings(from: mainMenu)
        if let problem = ParticipantID.problem(with: chosen.participant) {
            menuMessage = "Participant ID: \(problem). Type a pseudonym such as P01 (no names)."
            mainMenu.focus(on: "participant")
            updateTextEntry()
            return
        }
        settings.participant = chosen.participant
        training = TrainingIntent(planFile: nil)
        let rounds: [FlowRound]
        do {
            rounds = try trainingRounds()
        } catch {
            training = nil
            menuMessage = "\(error)"
            return
        }
        try startFromMenu(rounds: rounds)
    }

    /// The menu's My progress: the chart of the participant's sessions (also saved as progress.png).
    func showProgressFromMenu() throws {
        let participant = MainMenu.settings(from: mainMenu).participant
        if let problem = ParticipantID.problem(with: participant) {
            menuMessage = "Participant ID: \(problem). Type your pseudonym to see your progress."
            mainMenu.focus(on: "participant")
            updateTextEntry()
            return
        }
        do {
            try loadProgressChart(participant: participant)
        } catch {
            menuMessage = "\(error)"
            return
        }
        try perform(flow.progressShown())
    }

    /// Draws the participant's chart, saves progress.png and keeps it as the texture the screens show.
    func loadProgressChart(participant: String) throws {
        let series = try ProgressPicture.write(logs: options.logs, participant: participant)
        if series.points.isEmpty {
            throw NothingDueError(
                summary: "No sessions of \(participant) are logged yet: play one to see your progress.")
        }
        let chart = try ProgressChart(series: series, today: Date()).makeSurface()
        if let progressTexture { SDL_DestroyTexture(progressTexture) }
        progressTexture = SDL_CreateTextureFromSurface(window.renderer, chart.pointer)
        progressTextureSize = (chart.width, chart.height)
    }

    /// Hit or miss, where the animal really was, points and a kind word, for the latest photo.
    func trainingFeedbackLines() -> [String] {
        guard let sink = run?.driver.training, let feedback = sink.latest else { return [] }
        // The deviation line above already says how far left or right the animal was; behind the player is
        // worth saying in words too (front-back reversals are what training most wants to fix).
        let judged = "\(feedback.headline) (\(feedback.zone))"
        var lines = [sink.feedbackMode.points ? "\(judged) +\(feedback.points) points" : judged]
        if sink.feedbackMode.showTrueDirection, feedback.wasBehind { lines.append("It was behind you.") }
        if sink.feedbackMode.points { lines.append(feedback.encouragement) }
        return lines
    }

    /// The end of a training session: the progress chart with where the plan stands.
    func drawTrainingSummary() {
        if training?.endLines == nil {
            // Read the logs and draw the chart once, not every frame.
            var lines: [String] = []
            if let session = run?.session, session.endedBy == .time, let limit = session.timeLimitSeconds {
                lines.append(String(format: "Today's %.0f minutes of training are done.", limit / 60))
            }
            if let sink = run?.driver.training {
                lines.append("\(sink.points) points this session.")
                lines.append(
                    sink.parameter == .hitToleranceDeg
                        ? String(format: "Your hit zone is now %.0f°.", sink.staircase.value)
                        : "Next time: \(TrainingFeedback.describe(sink.parameter, sink.staircase.value)).")
            }
            if let start = try? training?.start(app: self, input: .keyboard) { lines.append(start.schedule.summary) }
            if flow.quitEarly {
                lines.append("Every photo so far is saved; Train continues this session next time.")
            }
            do { try loadProgressChart(participant: settings.participant) } catch { lines.append("\(error)") }
            training?.endLines = lines
        }
        let lines = training?.endLines ?? []
        painter.drawResult(
            heading: flow.quitEarly ? "Session paused — see you soon" : "Session complete — thank you!",
            picture: progressTexture, pictureSize: progressTextureSize, lines: lines, continueHint: "Close",
            warning: run.flatMap { WeekDose(fraction: $0.driver.exposure.weekDoseFraction ?? 0).warning })
    }

    /// After a training photo: schedule its animal's replay from the true direction, when the plan asks for it.
    func trainingPhotoLogged(_ trial: TrialResult) {
        guard let run, let sink = run.driver.training, sink.feedbackMode.replayTrueDirection else { return }
        if training?.replay == nil { training?.replay = run.driver.makeFeedbackReplay() }
        training?.replayDue = (trial, clock.now() + FeedbackReplay.delaySeconds)
    }

    /// Plays a scheduled replay once its time has come (called every frame).
    func playDueReplay() throws {
        guard training != nil else { return }
        let onResult = flow.screen == .roundResult || flow.screen == .intermediateResult
        // The replay belongs to the result screen: leaving it (the next search) silences it.
        guard onResult else {
            training?.replayDue = nil
            training?.replay?.stop()
            return
        }
        guard let due = training?.replayDue, clock.now() >= due.at else { return }
        training?.replayDue = nil
        try training?.replay?.play(due.trial)
    }

    /// The menu's progress screen.
    func drawProgress() {
        painter.drawResult(
            heading: "Your progress", picture: progressTexture, pictureSize: progressTextureSize,
            lines: ["Saved as progress.png in your folder."], continueHint: "Back to the menu")
    }
}
