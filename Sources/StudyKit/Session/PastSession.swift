// A participant's earlier session as a new one needs to know it: its protocol and whether it was completed.
import Foundation
import StudyRecords

/// What the store remembers of one of a participant's sessions, to number the next session and to warn when
/// a participant who completed a protocol starts it again.
public struct PastSession: Sendable, Equatable {
    public let sessionID: String
    public let protocolName: String
    public let completed: Bool
    /// Its `session_index` (by start order for a session logged before the key existed).
    public let sessionIndex: Int
    /// Its protocol forbids choosing an HRTF set (`"hrtf_choice": false`).
    public let forbidsHRTFChoice: Bool

    public init(
        sessionID: String, protocolName: String, completed: Bool, sessionIndex: Int, forbidsHRTFChoice: Bool = false
    ) {
        self.sessionID = sessionID
        self.protocolName = protocolName
        self.completed = completed
        self.sessionIndex = sessionIndex
        self.forbidsHRTFChoice = forbidsHRTFChoice
    }

    /// The `session_index` the participant's next session gets: one more than the highest so far (as
    /// `SessionRecorder.start` numbers it under the participant's start lock).
    public static func nextIndex(after sessions: [PastSession]) -> Int {
        (sessions.map(\.sessionIndex).max() ?? 0) + 1
    }

    /// The participant's sessions in `logs`, oldest first; a folder without a readable session.json (a crash
    /// before anything was written) held no session and is left out.
    public static func all(logs: URL, participant: ParticipantID) -> [PastSession] {
        var ordinal = 0
        return SessionFolder.existing(logs: logs, participant: participant).reversed().compactMap { folder in
            guard let record = try? SessionRecord.read(folder.sessionJSONURL) else { return nil }
            ordinal += 1
            return PastSession(
                sessionID: record.sessionID, protocolName: record.resolvedProtocol.name, completed: record.completed,
                sessionIndex: record.sessionIndex ?? ordinal,
                forbidsHRTFChoice: !record.resolvedProtocol.hrtfChoice)
        }
    }

    /// A warning for the supervisor when `participant` already completed `protocolName`, else nil.
    public static func repeatWarning(_ sessions: [PastSession], participant: ParticipantID, protocolName: String)
        -> String?
    {
        let done = sessions.filter { $0.completed && $0.protocolName == protocolName }
        guard let last = done.last else { return nil }
        let times = done.count == 1 ? "once" : "\(done.count) times"
        return "Note: \(participant.value) has already completed the protocol '\(protocolName)' \(times) "
            + "(last: session \(last.sessionID)); this session is logged as session_index \(nextIndex(after: sessions)), "
            + "with new target bearings."
    }
}
