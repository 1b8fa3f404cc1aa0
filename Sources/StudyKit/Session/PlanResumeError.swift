// Resuming a training-plan session outside its plan, or a plan resuming a session that is not its own.
import Foundation
import StudyRecords

/// A resumed session must keep what it was: a plan session's rows carry the plan's staircase, hit and
/// minutes, which `play|study|simulate --resume` do not apply, and `train` must not turn a plain session into
/// a plan session.
public struct PlanResumeError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let participant: String
    /// The unfinished session's plan (nil: it is not a plan session).
    public let plan: PlanReference?

    public init(participant: String, plan: PlanReference?) {
        self.participant = participant
        self.plan = plan
    }

    public var description: String {
        if let plan {
            return "\(participant)'s unfinished session is session \(plan.session) of the training plan "
                + "'\(plan.name)'; continue it with `soundsafari train --participant \(participant)` (or "
                + "`simulate --plan FILE`), which keeps its staircase and minutes."
        }
        return "\(participant)'s newest unfinished session is not a training-plan session; finish it first with "
            + "`--resume` (play, study or simulate), then train."
    }

    public var errorDescription: String? { description }
}
