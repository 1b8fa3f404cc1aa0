// session_index: the 1, 2, … number of a participant's session across all of their sessions.
import Foundation

/// Numbers a participant's sessions in the order they were started, so learning over sessions is one
/// `--within session_index` away (session IDs differ per participant). A new session gets one more than
/// the highest index among the participant's sessions; a resumed session keeps the index it was given.
public enum SessionIndex {
    /// The index of a new session of `participant` in `logs`. A folder without a readable session.json
    /// (a crash before anything was logged) holds no session and is not counted; a session logged before
    /// session_index existed counts by its place in start order.
    public static func next(logs: URL, participant: ParticipantID) -> Int {
        known(logs: logs, participant: participant).map(\.index).max().map { $0 + 1 } ?? 1
    }

    /// The index of an existing session folder: its own when session.json has one, otherwise its place in
    /// start order among the participant's sessions (for a session logged before the column existed).
    public static func of(_ folder: SessionFolder) -> Int {
        known(logs: folder.logs, participant: folder.participant).first { $0.folder == folder }?.index
            ?? next(logs: folder.logs, participant: folder.participant)
    }

    private static func known(logs: URL, participant: ParticipantID) -> [(folder: SessionFolder, index: Int)] {
        var ordinal = 0
        return SessionFolder.existing(logs: logs, participant: participant).reversed().compactMap { folder in
            guard let record = try? SessionRecord.read(folder.sessionJSONURL) else { return nil }
            ordinal += 1
            return (folder, record.sessionIndex ?? ordinal)
        }
    }
}
