// What several screens show of the session: its header line, the minutes left, and which feedback it may show.
import Foundation
import GameCore
import SessionRuntime
import StudyKit
import StudyRecords

extension GameApp {
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
}
