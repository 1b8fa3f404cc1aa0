// A participant's messages.csv on disk: the patient's messages and the team's answers, appended under the file's lock.
import Foundation
import StudyRecords
import TidyFormats

/// `<logs>/<participant>/messages.csv` through `RecordLog`: created owner-only, each row fsync'ed on its own under
/// the file's exclusive lock, never rewritten. A row is checked by its record's rule before it is written.
public struct MessageLog: Sendable {
    public static let fileName = "messages.csv"

    public let participant: ParticipantID
    private let log: RecordLog<MessageRow>
    public var url: URL { log.url }

    public init(logs: URL, participant: ParticipantID) {
        self.participant = participant
        log = RecordLog(logs: logs, participant: participant, name: Self.fileName)
    }

    /// Every row so far, in file order (a last row a crash cut off is not among them).
    public func rows() throws -> [MessageRow] { try log.rows() }

    /// The patient's new message, numbered under the lock (two windows at once get two ids) and tagged with the
    /// machine (`deviceID`, by default this machine's `DeviceIdentity`), so the participant's other machines never
    /// write the same id; a text that may not be sent is one sentence naming it, and nothing is written.
    @discardableResult
    public func send(_ text: String, at date: Date, deviceID: String? = nil) throws -> MessageRow {
        let tag = MessageRow.machineTag(deviceID: try deviceID ?? DeviceIdentity.current())
        return try log.append { rows in
            let row = MessageRow(
                participant: participant.value, messageID: Conversation.nextID(after: rows, machineTag: tag),
                sender: .patient,
                text: text, writtenAt: date, recordedAt: date)
            try Self.check(row)
            return [row]
        }[0]
    }

    /// The team's answers not in the file yet (an answer's id is written once, however often it arrives).
    @discardableResult
    public func receive(_ answers: [MessageRow]) throws -> [MessageRow] {
        try log.append { rows in
            var held = Set(rows.map(\.messageID))
            var new: [MessageRow] = []
            for answer in answers where held.insert(answer.messageID).inserted {
                try Self.check(answer)
                new.append(answer)
            }
            return new
        }
    }

    static func check(_ row: MessageRow) throws {
        if let (column, reason) = row.problem() {
            throw MessageError("The message was not saved: its \(column) \(reason).")
        }
    }
}

/// A message that cannot be saved or received: one sentence saying what and what to do.
public struct MessageError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}
