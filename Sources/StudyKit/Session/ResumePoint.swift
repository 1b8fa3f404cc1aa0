// Where an interrupted session stands: its folder, session.json, the rows logged and the first target still to play.
import Foundation
import GameCore
import StudyRecords

/// An interrupted session read back from disk. Its `record.resolvedProtocol` holds the rounds and the
/// seed, so the same rounds and bearings are reproduced; `nextKey` is where play continues.
public struct ResumePoint: Sendable {
    public let folder: SessionFolder
    public let record: SessionRecord
    /// The rows already in trials.csv (a row a crash cut off is not among them).
    public let rows: [TrialRow]

    public var loggedKeys: Set<TrialKey> { Set(rows.map { TrialKey(round: $0.round, targetIndex: $0.targetIndex) }) }

    public func isLogged(round: Int, targetIndex: Int) -> Bool {
        loggedKeys.contains(TrialKey(round: round, targetIndex: targetIndex))
    }

    /// Every target of the session not yet logged, in playing order.
    public var remainingKeys: [TrialKey] {
        let logged = loggedKeys
        return record.resolvedProtocol.allTrialKeys.filter { !logged.contains($0) }
    }

    /// The first target not yet logged: play continues here (nil when every target is logged).
    public var nextKey: TrialKey? { remainingKeys.first }

    /// Reads one session folder.
    public static func load(_ folder: SessionFolder) throws -> ResumePoint {
        let record = try SessionRecord.read(folder.sessionJSONURL)
        let rows =
            FileManager.default.fileExists(atPath: folder.trialsURL.path)
            ? try TrialRow.readAll(from: folder.trialsURL) : []
        return ResumePoint(folder: folder, record: record, rows: rows)
    }

    /// The participant's newest session that is not done (completed, or ended by its plan's minutes), or nil when there is none. A folder
    /// without session.json (a crash before anything was logged) holds nothing to continue and is skipped.
    public static func latestIncomplete(logs: URL, participant: ParticipantID) throws -> ResumePoint? {
        for folder in SessionFolder.existing(logs: logs, participant: participant)
        where FileManager.default.fileExists(atPath: folder.sessionJSONURL.path) {
            let record = try SessionRecord.read(folder.sessionJSONURL)
            if !record.countsAsDone { return try load(folder) }
        }
        return nil
    }
}
