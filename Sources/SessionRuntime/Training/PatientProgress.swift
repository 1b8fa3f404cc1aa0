// What a patient keeps across training sessions: points, sessions kept on time in a row, an album of best photos.
import Foundation
import GameCore
import StudyKit
import StudyRecords

/// Read from the plan's logged sessions every time (nothing stored of its own), so it is exactly what the logs
/// hold: a killed and resumed session counts every photo it logged, and nothing can disagree with trials.csv.
/// Points are `TrainingFeedback.points` of each logged hit and miss (a run of hits restarts each session);
/// a session is kept on time when it was started inside its window of the plan's calendar; the album holds
/// each session's closest hit (its result picture).
package struct PatientProgress: Sendable, Equatable {
    package struct AlbumPhoto: Sendable, Equatable {
        package let sessionIndex: Int
        /// The plan's number of its session ("session 9 of 12"), which the patient's screens show: `session_index`
        /// also counts the participant's study and free-play sessions.
        package let planSession: Int
        package let target: String
        package let absDeviationDeg: Double
        package let picture: URL
    }

    /// Points of each plan session, oldest first.
    package let sessionPoints: [Int]
    /// Plan sessions in a row, up to the latest, each started inside its window of the plan's calendar.
    package let keptInARow: Int
    package let album: [AlbumPhoto]
    /// Median absolute deviation of the latest two sessions with photos (latest last).
    package let latestMedians: [Double]

    package var totalPoints: Int { sessionPoints.reduce(0, +) }

    package static func read(logs: URL, participant: ParticipantID, assigned: AssignedPlan) throws -> PatientProgress {
        let sessions = try TrainingHistory.sessions(of: assigned, logs: logs, participant: participant)
        let schedule = PlanSchedule.of(assigned, logs: logs, participant: participant, today: Date())
        var points: [Int] = []
        var album: [AlbumPhoto] = []
        var medians: [Double] = []
        var kept = 0
        for (record, rows) in sessions {
            var streak = 0
            points.append(
                rows.reduce(0) { total, row in
                    guard let hit = row.training?.hit else { return total }
                    streak = hit ? streak + 1 : 0
                    return total + TrainingFeedback.points(hit: hit, streak: streak, skipped: row.skipped)
                })
            // A skipped animal was never photographed: it has no deviation to compare.
            let photos = rows.filter { !$0.skipped }
            if !photos.isEmpty { medians.append(SessionSummary.median(photos.map(\.absDeviationDeg))) }
            if let number = record.plan?.session {
                let onTime =
                    record.startedAt >= schedule.opens(session: number)
                    && (number >= assigned.plan.totalSessions || record.startedAt < schedule.opens(session: number + 1))
                kept = onTime ? kept + 1 : 0
            }
            if let id = SessionID(folderName: record.sessionID),
                let best = photos.filter({ $0.training?.hit == true }).min(by: {
                    $0.absDeviationDeg < $1.absDeviationDeg
                }
                )
            {
                let folder = SessionFolder(logs: logs, participant: participant, sessionID: id)
                album.append(
                    AlbumPhoto(
                        sessionIndex: record.sessionIndex ?? 0,
                        planSession: record.plan?.session ?? record.sessionIndex ?? 0,
                        target: best.target,
                        absDeviationDeg: best.absDeviationDeg,
                        picture: folder.resultPictureURL(
                            round: best.round, targetIndex: best.targetIndex, targetsInRound: best.targetsInRound)))
            }
        }
        return PatientProgress(
            sessionPoints: points, keptInARow: kept, album: album, latestMedians: Array(medians.suffix(2)))
    }

    /// What changed since the last session, in words (nil for a first session).
    package var sinceLastTime: String? {
        guard latestMedians.count == 2 else { return nil }
        let (before, now) = (latestMedians[0], latestMedians[1])
        let change = before - now
        if change >= 2 {
            return String(
                format: "Your photos were %.0f° closer than last time (typically %.0f° off, was %.0f°).", change, now,
                before)
        }
        if change <= -2 {
            return String(
                format: "Typically %.0f° off today, %.0f° last time: some days are harder, keep going.", now, before)
        }
        return String(format: "About as close as last time (typically %.0f° off).", now)
    }
}
