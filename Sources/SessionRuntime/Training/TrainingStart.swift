// What `train` and `simulate --plan` do before a training session: find the plan, the session due, the staircase.
import Foundation
import GameCore
import StudyKit
import StudyRecords

/// The participant's next training session as a `SessionRequest`: their current plan (or `planFile`,
/// assigned first when it differs from the current one), where they stand in it, and the staircase replayed
/// from their logged sessions. An interrupted session of the plan is continued (same `session_index`).
package struct TrainingStart {
    package let schedule: PlanSchedule
    /// nil when there is nothing to play (all sessions done, or the next is not due yet and `ignoreCalendar` is off).
    package let request: SessionRequest?

    package static func prepare(
        logs: URL, participant: String, planFile: URL?, input: InputDevice, seed: UInt64? = nil,
        ignoreCalendar: Bool = false, askRatings: Bool? = nil, now: Date = Date()
    ) throws -> TrainingStart {
        let id = try ParticipantID(participant)
        var assigned = try AssignedPlan.current(logs: logs, participant: id)
        if let planFile {
            let plan = try TrainingPlanFile.load(planFile)
            if assigned?.plan != plan {
                assigned = try AssignedPlan.assign(planFile, logs: logs, participant: id, at: now, unlessCurrent: true)
            }
        }
        guard let assigned else { throw TrainingPlanMissingError(participant: participant, logs: logs.path) }
        let schedule = PlanSchedule.of(assigned, logs: logs, participant: id, today: now)
        guard let next = schedule.next, schedule.inProgress != nil || schedule.nextIsDue || ignoreCalendar else {
            return TrainingStart(schedule: schedule, request: nil)
        }
        let resuming = schedule.inProgress != nil
        let staircase = try TrainingHistory.staircase(of: assigned, logs: logs, participant: id, resuming: resuming)
        var request = SessionRequest(
            source: .trainingPlan(assigned, session: next), participant: participant, seed: seed, resume: resuming,
            input: input, staircase: staircase,
            // The plan's `ratings` (on unless it says false) unless the caller decides (simulate: --answer-ratings).
            ratings: askRatings ?? assigned.plan.ratings)
        if resuming {
            request.openRound = try TrainingHistory.openRound(of: assigned, logs: logs, participant: id)
            request.earlierPhotos = try TrainingHistory.photosOfLatestSession(of: assigned, logs: logs, participant: id)
        } else {
            request.expectedSessionIndex = PastSession.nextIndex(after: PastSession.all(logs: logs, participant: id))
            // A plan whose protocol names its scene plays there with its own targets: no scene opens or changes.
            if assigned.plan.session.scene == nil {
                let safari = try SafariProgress.read(logs: logs, participant: id, assigned: assigned)
                request.safari = SafariVisit(scene: safari.current, sessionsHere: safari.sessionsHere)
            }
        }
        return TrainingStart(schedule: schedule, request: request)
    }
}

/// `train` for a participant who has no plan yet.
package struct TrainingPlanMissingError: Error, CustomStringConvertible, LocalizedError {
    let participant: String
    let logs: String
    package var description: String {
        "Participant \(participant) has no training plan in \(logs); assign one with soundsafari plan assign --participant \(participant) FILE, or pass --plan FILE."
    }
    package var errorDescription: String? { description }
}

/// A plan session whose start found another session of the participant begun since it was prepared: playing it
/// would play one plan session twice (with a staircase that misses the other's rounds).
package struct PlanSessionTakenError: Error, CustomStringConvertible, LocalizedError {
    let participant: String
    let planSession: Int
    let expectedIndex: Int
    let sessionIndex: Int
    package var description: String {
        "Another session of \(participant) was started while plan session \(planSession) was being prepared (this one would be session_index \(sessionIndex), not \(expectedIndex)); nothing was written — wait until it ends, then run the command again to continue the plan where it stands."
    }
    package var errorDescription: String? { description }
}
