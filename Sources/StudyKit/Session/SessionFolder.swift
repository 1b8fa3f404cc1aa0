// A session's folder `<logs>/<participant>/<session_id>/` and the paths of the files inside it.
import Foundation
import StudyRecords

#if canImport(Glibc)
    import Glibc
#endif

public struct SessionFolder: Sendable, Equatable {
    public let logs: URL
    public let participant: ParticipantID
    public let sessionID: SessionID

    public var url: URL {
        logs.appendingPathComponent(participant.value).appendingPathComponent(sessionID.value)
    }
    public var trialsURL: URL { url.appendingPathComponent("trials.csv") }
    public var sessionJSONURL: URL { url.appendingPathComponent("session.json") }

    /// The result picture's file: `round-01.png` for a one-target round, `round-02-target-2.png` for
    /// the target photographed second in a round with several.
    public func resultPictureURL(round: Int, targetIndex: Int, targetsInRound: Int) -> URL {
        let name =
            targetsInRound > 1
            ? String(format: "round-%02d-target-%d.png", round, targetIndex)
            : String(format: "round-%02d.png", round)
        return url.appendingPathComponent(name)
    }

    public init(logs: URL, participant: ParticipantID, sessionID: SessionID) {
        self.logs = logs
        self.participant = participant
        self.sessionID = sessionID
    }

    /// Makes a new, empty session folder; never reuses an existing one (a clash draws a new suffix).
    public static func create(logs: URL, participant: ParticipantID, startedAt: Date) throws -> SessionFolder {
        let participantFolder = logs.appendingPathComponent(participant.value)
        try OwnerOnlyFolder.createWithParents(participantFolder)
        for _ in 0..<100 {
            let folder = SessionFolder(logs: logs, participant: participant, sessionID: SessionID(startedAt: startedAt))
            // mkdir(2) fails on an existing folder: exclusive creation, so nothing is ever overwritten.
            if try OwnerOnlyFolder.create(folder.url, existingIsFine: true) { return folder }
        }
        throw StudyFileError.alreadyExists(
            path: participantFolder.path + "/" + SessionID(startedAt: startedAt, suffix: 0).value)
    }

    /// The participant's session folders, newest first.
    public static func existing(logs: URL, participant: ParticipantID) -> [SessionFolder] {
        let participantFolder = logs.appendingPathComponent(participant.value)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: participantFolder.path)) ?? []
        return names.compactMap(SessionID.init(folderName:)).sorted(by: >).map {
            SessionFolder(logs: logs, participant: participant, sessionID: $0)
        }
    }
}
