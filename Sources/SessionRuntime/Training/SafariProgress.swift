// Where a patient stands on the safari: the scenes their plan sessions and points have opened, and the one they play.
import Foundation
import GameCore
import StudyKit
import StudyRecords

/// Read from the plan's logged sessions every time, like `PatientProgress` (nothing stored of its own): the
/// scenes open for the sessions done and the points earned (`SafariScene`'s milestones), the scene the next
/// session plays (the newest open one), and how many sessions were already played there (its animals appear
/// one more each session).
package struct SafariProgress: Sendable, Equatable {
    package let sessionsDone: Int
    package let points: Int
    /// When each scene opens over this plan.
    package let milestones: SafariMilestones
    /// How many plan sessions were played in `current` so far.
    package let sessionsHere: Int
    /// The scene the latest session opened, if it opened one (announced on the end screen).
    package let justOpened: SafariScene?

    package var open: [SafariScene] { milestones.open(sessionsDone: sessionsDone, points: points) }
    /// The newest open scene: where the next session plays.
    package var current: SafariScene { open.last ?? SafariScene.all[0] }
    package var next: SafariScene? { milestones.next(sessionsDone: sessionsDone, points: points) }

    package init(
        sessionsDone: Int, points: Int, milestones: SafariMilestones, sessionsHere: Int, justOpened: SafariScene?
    ) {
        self.sessionsDone = sessionsDone
        self.points = points
        self.milestones = milestones
        self.sessionsHere = sessionsHere
        self.justOpened = justOpened
    }

    package static func read(logs: URL, participant: ParticipantID, assigned: AssignedPlan) throws -> SafariProgress {
        let sessions = try TrainingHistory.sessions(of: assigned, logs: logs, participant: participant)
        let progress = try PatientProgress.read(logs: logs, participant: participant, assigned: assigned)
        let done = sessions.filter { $0.record.countsAsDone }.count
        let points = progress.totalPoints
        let milestones = Self.milestones(of: assigned.plan)
        let current = milestones.open(sessionsDone: done, points: points).last ?? SafariScene.all[0]
        let here = sessions.filter { $0.record.resolvedProtocol.scene == current.id }.count
        // What was open before the latest done session: a scene open now but not then was opened by it.
        var justOpened: SafariScene?
        if let latest = sessions.last, latest.record.countsAsDone {
            let before = milestones.open(sessionsDone: done - 1, points: points - (progress.sessionPoints.last ?? 0))
            justOpened = milestones.open(sessionsDone: done, points: points).first { !before.contains($0) }
        }
        return SafariProgress(
            sessionsDone: done, points: points, milestones: milestones, sessionsHere: here, justOpened: justOpened)
    }

    /// The plan's milestones: its length and the photos of one pass of its rounds.
    package static func milestones(of plan: TrainingPlan) -> SafariMilestones {
        SafariMilestones(
            totalSessions: plan.totalSessions,
            photosPerPass: plan.session.conditions.reduce(0) { $0 + $1.repetitions * max(1, $1.targets.count) })
    }
}

/// A training session's scene: its animals replace the plan's targets (`SessionDriver`).
package struct SafariVisit: Sendable, Equatable {
    package let scene: SafariScene
    /// Plan sessions played in `scene` before this one.
    package let sessionsHere: Int
}
