// session_index: the 1, 2, … number of a participant's session across all of their sessions.
import Foundation
import StudyRecords

/// Numbers a participant's sessions in the order they were started, so learning over sessions is one
/// `--within session_index` away (session IDs differ per participant). A new session gets one more than
/// the highest index among the participant's sessions, given only by `SessionRecorder.start` under the
/// participant's `StartLock` (`PastSession` reads them); a resumed session keeps the index it was given.
public enum SessionIndex {
    /// The index of an existing session folder: its own when session.json has one, otherwise its place in
    /// start order among the participant's sessions (for a session logged before the column existed).
    public static func of(_ folder: SessionFolder) -> Int {
        let past = PastSession.all(logs: folder.logs, participant: folder.participant)
        return past.first { $0.sessionID == folder.sessionID.value }?.sessionIndex ?? PastSession.nextIndex(after: past)
    }
}
