// The staircase of a participant's plan, rebuilt from the hits already logged in their sessions.
import Foundation
import GameCore
import StudyRecords

/// The staircase state is never stored on its own: it is replayed from the `hit` column of the plan's
/// sessions in `session_index` order (each session one run), so it cannot disagree with the logs, and a
/// killed session continues exactly where its last logged photo left the staircase.
public enum TrainingHistory {
    /// The plan's sessions (same name and version), oldest first, with their rows.
    public static func sessions(of assigned: AssignedPlan, logs: URL, participant: ParticipantID) throws
        -> [(record: SessionRecord, rows: [TrialRow])]
    {
        var found: [(record: SessionRecord, rows: [TrialRow])] = []
        for folder in SessionFolder.existing(logs: logs, participant: participant) {
            guard FileManager.default.fileExists(atPath: folder.sessionJSONURL.path) else { continue }
            let record = try SessionRecord.read(folder.sessionJSONURL)
            guard let plan = record.plan, plan.name == assigned.plan.name, plan.version == assigned.version else {
                continue
            }
            let rows =
                FileManager.default.fileExists(atPath: folder.trialsURL.path)
                ? try TrialRow.readAll(from: folder.trialsURL) : []
            found.append((record, rows))
        }
        return found.sorted { ($0.record.sessionIndex ?? 0) < ($1.record.sessionIndex ?? 0) }
    }

    /// The staircase after every logged photo of the plan; ready for a new session's run unless `resuming`
    /// (then the latest session's run goes on).
    public static func staircase(of assigned: AssignedPlan, logs: URL, participant: ParticipantID, resuming: Bool)
        throws -> Staircase
    {
        var staircase = assigned.plan.makeStaircase()
        let perPhoto = assigned.plan.adaptive.parameter.respondsPerPhoto
        for session in try sessions(of: assigned, logs: logs, participant: participant) {
            staircase.startRun()
            // A round-wide parameter responds once, at the round's last photo: a hit when all of its photos hit.
            var roundHits: (round: Int, allHit: Bool) = (0, true)
            for row in session.rows {
                guard let training = row.training else { continue }
                if perPhoto {
                    staircase.record(hit: training.hit)
                    continue
                }
                let allHit = training.hit && (roundHits.round != row.round || roundHits.allHit)
                roundHits = (row.round, allHit)
                if row.targetIndex >= row.targetsInRound { staircase.record(hit: allHit) }
            }
        }
        if !resuming { staircase.startRun() }
        return staircase
    }

    /// A logged training row as points count it: hit or missed, or skipped (no photo, no points).
    public struct LoggedPhoto: Sendable, Equatable {
        public let hit: Bool
        public let skipped: Bool
        public init(hit: Bool, skipped: Bool) {
            self.hit = hit
            self.skipped = skipped
        }
    }

    /// The latest session's logged photos and skips, in the order they were taken: a resumed session counts its
    /// points and its run of hits on from them (the paused screen's points must not shrink on resume).
    public static func photosOfLatestSession(of assigned: AssignedPlan, logs: URL, participant: ParticipantID) throws
        -> [LoggedPhoto]
    {
        let rows = try sessions(of: assigned, logs: logs, participant: participant).last?.rows ?? []
        return rows.compactMap { row in row.training.map { LoggedPhoto(hit: $0.hit, skipped: row.skipped) } }
    }

    /// A round of the latest session that a killed session left half photographed, and whether its logged
    /// photos all hit: a resumed session's round-wide response must count them too.
    public struct OpenRound: Sendable, Equatable {
        public let round: Int
        public let allHit: Bool
    }

    /// The latest session's open round (nil when its last logged photo ended a round, or with the hit zone).
    public static func openRound(of assigned: AssignedPlan, logs: URL, participant: ParticipantID) throws
        -> OpenRound?
    {
        guard !assigned.plan.adaptive.parameter.respondsPerPhoto,
            let rows = try sessions(of: assigned, logs: logs, participant: participant).last?.rows,
            let last = rows.last, last.targetIndex < last.targetsInRound
        else { return nil }
        let photos = rows.filter { $0.round == last.round }
        return OpenRound(round: last.round, allHit: photos.allSatisfy { $0.training?.hit ?? false })
    }
}
