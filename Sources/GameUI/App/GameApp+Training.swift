// Training in the window: the plan's next session, the practice, feedback after each photo, the progress chart.
import CSDL2
import Foundation
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// A window session that follows the participant's training plan (`train`, or the main menu's Train).
struct TrainingIntent {
    /// A plan file to assign first when it differs from the participant's current plan (`train --plan`).
    var planFile: URL?
    /// What the end screen shows (where the plan stands, the chart, the album), made once when it first shows.
    var end: TrainingEnd?
    /// The replay of the last photo's animal and when it is due (plan option `feedback.replay`).
    var replay: FeedbackReplay?
    var replayDue: (trial: TrialResult, at: MonotonicTime)?
    /// The plan session this window plays, of how many, and the plan's questionnaires (set with its rounds).
    var planPoint: (planSession: Int, totalSessions: Int, questionnaires: PlanQuestionnaires)?

    /// The participant's next plan session, or an error saying why there is none to play.
    func start(app: GameApp, input: InputDevice) throws -> TrainingStart {
        try TrainingStart.prepare(
            logs: app.options.logs, participant: app.settings.participant, planFile: planFile, input: input,
            seed: app.options.seed)
    }

    func request(app: GameApp, input: InputDevice) throws -> SessionRequest {
        let start = try start(app: app, input: input)
        guard let request = start.request else { throw NothingDueError(start.schedule) }
        return request
    }
}

/// Nothing of the plan to play now: all sessions are done, or the next one is not due yet.
struct NothingDueError: Error, CustomStringConvertible {
    /// The terminal's line (`train`): the plan by its ID, for the supervisor too.
    let summary: String
    /// The window's sentence: the sessions done and when the next is due, without the plan's ID.
    let patientSummary: String
    var description: String { summary }

    init(_ schedule: PlanSchedule) {
        summary = schedule.summary
        patientSummary = schedule.patientSummary
    }

    init(summary: String) {
        self.summary = summary
        patientSummary = summary
    }
}

extension GameApp {
    /// The rounds the flow shows before the session opens: the plan protocol's conditions in file order
    /// (the session's resolved order replaces them when it opens).
    func trainingRounds() throws -> [FlowRound] {
        guard let training else { return [] }
        let start = try training.start(app: self, input: .keyboard)
        guard start.request != nil, let planSession = start.schedule.next else {
            throw NothingDueError(start.schedule)
        }
        let plan = start.schedule.assigned.plan
        self.training?.planPoint = (planSession, plan.totalSessions, plan.questionnaires)
        return plan.session.conditions.flatMap { condition in
            Array(
                repeating: FlowRound(condition: condition.name, targets: max(1, condition.targets.count)),
                count: condition.repetitions)
        }
    }

    /// A plan session that goes on (interrupted before) says so on its headphone check, with the round, and
    /// the terminal names the session (as `study --resume` does).
    func trainingResumeNote() -> String? {
        guard let start = try? training?.start(app: self, input: .keyboard), let id = start.schedule.inProgress,
            let participant = try? ParticipantID(settings.participant), let sessionID = SessionID(folderName: id),
            let point = try? ResumePoint.load(
                SessionFolder(logs: options.logs, participant: participant, sessionID: sessionID)),
            let next = point.nextKey
        else { return nil }
        let round = (point.record.resolvedProtocol.rounds.firstIndex { $0.round == next.round } ?? 0) + 1
        Self.say(
            Translation.gettext(
                "Continuing training session {session} at round {round}.",
                ["session": point.record.sessionID, "round": String(round)]))
        return Translation.gettext(
            "Welcome back: your session goes on at round {round}, where you stopped. Every photo so far is kept.",
            ["round": String(round)])
    }

    /// The participant's chart over their sessions, saved as progress.png, as a texture for the window; an error
    /// says why there is none (no session logged yet).
    func progressChart(participant: String) throws -> SDLTexture? {
        let drawn = try ProgressPicture.chart(logs: options.logs, participant: participant)
        // Nothing to draw is said before anything is saved: a participant never played has no folder to save into.
        if drawn.series.points.isEmpty {
            throw NothingDueError(
                summary: Translation.gettext(
                    "No sessions of {participant} are logged yet: play one to see your progress.",
                    ["participant": participant]))
        }
        try drawn.save(to: ProgressPicture.url(logs: options.logs, participant: participant))
        // Shown with the window's text size (its labels were tiny in large text); saved at the usual size.
        var shown = drawn
        shown.textScale = Theme.textScale
        let chart = try shown.makeSurface()
        return SDLTexture(surface: chart.pointer, window: window)
    }

    /// One verdict for the latest training photo (hit or missed, as its picture says), where the animal really
    /// was, a word fitted to the photo, and the running score; empty outside training.
    func trainingFeedbackLines(target: String, time: String) -> [String] {
        guard let sink = run?.driver.training, let feedback = sink.latest else { return [] }
        let points = sink.feedbackMode.points
        if feedback.skipped {
            // No photo, so no verdict and no points: where the animal was, to learn from.
            var lines = [
                Translation.gettext("Skipped."),
                ResultWording.deviation(feedback.deviationDeg, target: target, tip: false, praise: false),
            ]
            if points { lines.append(TrainingWording.score(sink.points)) }
            return lines
        }
        var verdict = feedback.hit ? Translation.gettext("Hit!") : Translation.gettext("Missed.")
        if points {
            verdict +=
                " "
                + (feedback.hit
                    ? Translation.ngettext("+{count} point", "+{count} points", feedback.points)
                    : Translation.ngettext("+{count} point for trying", "+{count} points for trying", feedback.points))
        }
        var lines = [verdict]
        var position = ResultWording.deviation(feedback.deviationDeg, target: target, tip: false, praise: false)
        let zone = ["zone": String(format: "%.0f", feedback.hitZoneDeg)]
        position +=
            " "
            + (feedback.hit
                ? Translation.gettext("Inside your ±{zone}° zone.", zone)
                : Translation.gettext("Your zone is ±{zone}°.", zone))
        lines.append(position)
        lines.append(Translation.gettext("Time: {time}", ["time": time]))
        if sink.parameter != .hitToleranceDeg {
            lines.append(
                Translation.gettext(
                    "This round: {difficulty}.",
                    ["difficulty": TrainingWording.difficulty(sink.parameter, feedback.value)]))
        }
        let encouragement = TrainingWording.encouragement(feedback)
        if points, !encouragement.isEmpty { lines.append(encouragement) }
        if points { lines.append(TrainingWording.score(sink.points)) }
        return lines
    }

    /// What the patient has built over the plan, from the logs: points in all, sessions kept on time, what
    /// changed since last time, the album.
    func patientProgressLines() -> (total: Int?, lines: [String], albumPhotos: Int) {
        guard let participant = try? ParticipantID(settings.participant),
            let assigned = try? AssignedPlan.current(logs: options.logs, participant: participant),
            let progress = try? PatientProgress.read(logs: options.logs, participant: participant, assigned: assigned)
        else { return (nil, [], 0) }
        var lines: [String] = []
        if progress.keptInARow >= 2 {
            lines.append(
                Translation.gettext(
                    "{count} sessions in a row on their day. Keep it up!", ["count": String(progress.keptInARow)]))
        }
        if let words = TrainingWording.sinceLastTime(progress) { lines.append(words) }
        if let best = progress.album.last, best.sessionIndex == run?.driver.log.sessionIndex {
            lines.append(
                Translation.gettext(
                    "Best photo today: the {animal}, {degrees}° off. Your album has {count}.",
                    [
                        "animal": run?.displayName(of: best.target) ?? best.target,
                        "degrees": String(format: "%.0f", best.absDeviationDeg),
                        "count": String(progress.album.count),
                    ]))
        }
        // The safari: a scene this session opened is announced; otherwise what opens next, so there is always a goal.
        if assigned.plan.session.scene == nil,
            let safari = try? SafariProgress.read(logs: options.logs, participant: participant, assigned: assigned)
        {
            if let opened = safari.justOpened {
                lines.append(SafariWording.opened(opened))
            } else if let next = SafariWording.nextMilestone(safari) {
                lines.append(next)
            }
        }
        return (progress.totalPoints, lines, progress.album.count)
    }

    /// After a training photo: schedule its animal's replay from the true direction, when the plan asks for it.
    func trainingPhotoLogged(_ trial: TrialResult) {
        guard let run, let sink = run.driver.training, sink.feedbackMode.replayTrueDirection else { return }
        if training?.replay == nil { training?.replay = run.driver.makeFeedbackReplay() }
        training?.replayDue = (trial, clock.now() + FeedbackReplay.delaySeconds)
    }

    /// Plays a scheduled replay once its time has come (called every frame of a result screen).
    func playDueReplay() throws {
        guard let due = training?.replayDue, clock.now() >= due.at else { return }
        training?.replayDue = nil
        try training?.replay?.play(due.trial)
    }

    /// The replay belongs to the result screen: leaving it (the next search) silences it.
    func stopReplay() {
        guard training != nil else { return }
        training?.replayDue = nil
        training?.replay?.stop()
    }

    /// The first session of a plan, with nothing logged yet, begins with the practice (`PracticeController`), which
    /// plays one of the session's scene animals.
    func adoptPracticeIfFirstSession(_ run: SessionRun) {
        guard training != nil, run.driver.log.loggedKeys.isEmpty,
            let start = try? training?.start(app: self, input: .keyboard), start.schedule.done == 0
        else { return }
        flow.adoptPractice()
        audio?.practiceName = AppAudio.practiceAnimal(
            from: run.session.plan.rounds, scene: run.driver.log.resolvedProtocol.scene)
    }

    /// A folder as a person finds it in their file manager: under the home folder written from "~".
    static func folderForPeople(_ folder: URL) -> String {
        let path = folder.standardizedFileURL.path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}
