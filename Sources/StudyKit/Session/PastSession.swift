// A participant's earlier session as a new one needs to know it: its protocol and whether it was completed.
import Foundation

/// What the store remembers of one of a participant's sessions, to number the next session and to warn when
/// a participant who completed a protocol starts it again.
public struct PastSession: Sendable, Equatable {
    public let sessionID: String
    public let protocolName: String
    public let completed: Bool

    public init(sessionID: String, protocolName: String, completed: Bool) {
        self.sessionID = sessionID
        self.protocolName = protocolName
        self.completed = completed
    }

    /// The participant's sessions in `logs`, oldest first; a folder without a readable session.json (a crash
    /// before anything was written) held no session and is left out.
    public static func all(logs: URL, participant: ParticipantID) -> [PastSession] {
        SessionFolder.existing(logs: logs, participant: participant).reversed().compactMap { folder in
            guard let record = try? SessionRecord.read(folder.sessionJSONURL) else { return nil }
            return PastSession(
                sessionID: record.sessionID, protocolName: record.resolvedProtocol.name, completed: record.completed)
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
            + "(last: session \(last.sessionID)); this session is logged as session \(sessions.count + 1), "
            + "with new target bearings."
    }
}
