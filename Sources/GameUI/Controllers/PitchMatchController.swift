// A question of the pitch match (`pitch-match`): which of two probes is closer to the tinnitus, or is it this one?
import GameCore

/// The probe plays its question on the frame clock (`PitchMatchRun`); ↑ ↓ Enter 1 2 answer, Esc stops.
final class PitchMatchController: HearingScreen {
    /// The pitch match's next question names the screen (the last answer leaves it for `tick` to save).
    static func showQuestion(app: GameApp) throws {
        guard let question = app.hearing?.pitch?.match?.current else { return }
        try app.perform(app.flow.pitchQuestionShown(PitchStep(question)))
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back { return try app.perform(app.flow.quit()) }
        if app.hearing?.answerPitch(command) == true { try Self.showQuestion(app: app) }
    }

    /// The probe follows its question; a match that ended is saved and the profile shows.
    func tick(now: MonotonicTime, app: GameApp) throws {
        if try app.hearing?.tickPitch(now: now.seconds) == true { try app.perform(app.flow.procedureFinished()) }
    }

    func draw(app: GameApp) {
        app.painter.startHearingFrame()
        guard let run = app.hearing?.pitch, let probe = run.probe, let match = run.match else { return }
        app.painter.drawPitchQuestion(
            match.current, probe: probe, unit: run.audiogram.unit, progress: run.progress, runs: match.runCount,
            playingFirst: PitchMatchRun.playingFirst(now: app.clock.now().seconds))
    }
}
