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
    /// How many plan sessions were played in `current` so far.
    package let sessionsHere: Int
    /// The scene the latest session opened, if it opened one (announced on the end screen).
    package let justOpened: SafariScene?

    package var open: [SafariScene] { SafariScene.open(sessionsDone: sessionsDone, points: points) }
    /// The newest open scene: where the next session plays.
    package var current: SafariScene { open.last ?? SafariScene.all[0] }
    package var next: SafariScene? { SafariScene.next(sessionsDone: sessionsDone, points: points) }

    package init(sessionsDone: Int, points: Int, sessionsHere: Int, justOpened: SafariScene?) {
        self.sessionsDone = sessionsDone
        self.points = points
        self.sessionsHere = sessionsHere
        self.justOpened = justOpened
    }

    package static func read(logs: URL, participant: ParticipantID, assigned: AssignedPlan) throws -> SafariProgress {
        let sessions = try TrainingHistory.sessions(of: assigned, logs: logs, participant: participant)
        let progress = try PatientProgress.read(logs: logs, participant: participant, assigned: assigned)
        let done = sessions.filter { $0.record.countsAsDone }.count
        let points = progress.totalPoints
        let current = SafariScene.open(sessionsDone: done, points: points).last ?? SafariScene.all[0]
        let here = sessions.filter { $0.record.resolvedProtocol.scene == current.id }.count
        // What was open before the latest done session: a scene open now but not then was opened by it.
        var justOpened: SafariScene?
        if let latest = sessions.last, latest.record.countsAsDone {
            let before = SafariScene.open(sessionsDone: done - 1, points: points - (progress.sessionPoints.last ?? 0))
            justOpened = SafariScene.open(sessionsDone: done, points: points).first { !before.contains($0) }
        }
        return SafariProgress(sessionsDone: done, points: points, sessionsHere: here, justOpened: justOpened)
    }
}

/// A training session's scene: its animals replace the plan's targets (`SessionDriver`).
package struct SafariVisit: Sendable, Equatable {
    package let scene: SafariScene
    /// Plan sessions played in `scene` before this one.
    package let sessionsHere: Int
}
