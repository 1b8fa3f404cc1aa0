// One row of a participant's messages.csv: a message the patient wrote to their study team, or the team's answer.
import Foundation
import TidyFormats

/// `<logs>/<participant>/messages.csv` (docs/LOG-FORMAT.md): append-only. The patient's messages are written by the
/// game's Messages screen (`M3-1a2b3c4d`: numbered under the file's lock, then the machine's tag, so two machines of
/// one participant never write the same id; `M1`, `M2`, … in files written before the tag); the team's answers by `soundsafari sync`
/// (`T` and the server's number, so an answer received twice is written once), naming the answerer's role only.
public struct MessageRow: Sendable, Equatable {
    public enum Sender: String, Sendable, CaseIterable { case patient, team }

    /// The version of this file's columns (a reader refuses a newer one rather than misread it).
    public static let schemaVersion = 1
    /// The longest message, in characters as a person counts them (the dashboard's answer too).
    public static let maximumCharacters = 2000
    /// The roles an answer may name (the study server's accounts that may answer).
    public static let answeringRoles = ["supervisor", "admin"]

    public static let columns = [
        "schema_version", "participant", "message_id", "sender", "role", "text", "written_at", "recorded_at",
    ]

    public var participant: String
    /// `M` and a number, then `-` and the machine's tag (`M3-1a2b3c4d`; without the tag in older files) for the
    /// patient's messages; `T` and the server's number for an answer.
    public var messageID: String
    public var sender: Sender
    /// Answers: the answerer's role (`supervisor`, `admin`), never a name; empty for the patient's messages.
    public var role: String
    public var text: String
    /// When the patient sent it, or when the team answered (the server's time).
    public var writtenAt: Date
    /// When this row was written to the file (an answer: when the sync received it).
    public var recordedAt: Date

    public init(
        participant: String, messageID: String, sender: Sender, role: String = "", text: String, writtenAt: Date,
        recordedAt: Date
    ) {
        self.participant = participant
        self.messageID = messageID
        self.sender = sender
        self.role = role
        self.text = text
        self.writtenAt = writtenAt
        self.recordedAt = recordedAt
    }

    /// A machine's tag in its messages' ids: the first 8 hexadecimal digits of the SHA-256 of its `device_id`, so
    /// every machine of a participant numbers its own messages apart from the others' (2^32 tags).
    public static func machineTag(deviceID: String) -> String { String(SHA256.hex(Data(deviceID.utf8)).prefix(8)) }

    /// The number of a patient's message id (`M12` and `M12-1a2b3c4d` are 12), nil for any other id.
    public static func patientNumber(_ id: String) -> Int? {
        guard id.hasPrefix("M") else { return nil }
        let parts = id.dropFirst().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, let digits = parts.first, Self.isNumber(digits) else { return nil }
        if parts.count == 2 {
            let tag = parts[1]
            guard tag.utf8.count == 8, tag.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            else { return nil }
        }
        return Int(digits)
    }

    /// Digits only, no leading zero, at most 10.
    static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) } && text.first != "0" && text.count <= 10
    }

    /// The id of the server's answer `id`.
    public static func answerID(_ id: Int) -> String { "T\(id)" }

    /// What is wrong with a message's text as one sentence (the field named `field`), or nil: 1 to 2,000 characters,
    /// not only blanks, no control character but the line break (a text may have paragraphs).
    public static func textProblem(_ text: String, field: String = "text") -> String? {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return "the \(field) is empty: write the message"
        }
        let count = text.count
        if count > maximumCharacters {
            return "the \(field) has \(count) characters, more than \(maximumCharacters): shorten it"
        }
        if text.unicodeScalars.contains(where: { $0 != "\n" && CharacterSet.controlCharacters.contains($0) }) {
            return "the \(field) holds a control character (only line breaks are kept): remove it"
        }
        return nil
    }

    /// The first thing wrong with the row: its column and a sentence, or nil.
    public func problem() -> (column: String, reason: String)? {
        switch sender {
        case .patient:
            guard Self.patientNumber(messageID) != nil else {
                return (
                    "message_id",
                    "'\(messageID)' is not M, a number and the machine's tag (M3-1a2b3c4d), nor an older M and a number (M1, M2, …)"
                )
            }
            guard role.isEmpty else { return ("role", "'\(role)' is for the team's answers only: leave it empty") }
        case .team:
            guard messageID.hasPrefix("T"), Self.isNumber(messageID.dropFirst()) else {
                return ("message_id", "'\(messageID)' is not T and the server's number (T1, T2, …)")
            }
            guard Self.answeringRoles.contains(role) else {
                return ("role", "'\(role)' is not one of \(Self.answeringRoles.joined(separator: ", "))")
            }
        }
        return Self.textProblem(text).map { ("text", $0) }
    }
}

extension MessageRow: CSVLogRecord {
    public var valuesByColumn: [String: CSVValue] {
        [
            "schema_version": .integer(Self.schemaVersion), "participant": .text(participant),
            "message_id": .text(messageID), "sender": .text(sender.rawValue), "role": .text(role), "text": .text(text),
            "written_at": .text(Timestamp.format(writtenAt)), "recorded_at": .text(Timestamp.format(recordedAt)),
        ]
    }

    public init(_ row: CSVRow) throws {
        let version = try row.integer("schema_version")
        guard version == Self.schemaVersion else {
            throw row.bad("schema_version", String(version), "1 (a newer game wrote it: update this one)")
        }
        participant = try row.text("participant")
        messageID = try row.text("message_id")
        let senderText = try row.text("sender")
        guard let sender = Sender(rawValue: senderText) else { throw row.bad("sender", senderText, "patient or team") }
        self.sender = sender
        role = try row.text("role")
        text = try row.text("text")
        writtenAt = try row.timestamp("written_at")
        recordedAt = try row.timestamp("recorded_at")
        // What the game never writes is refused here, so the game, sync and the server read one rule.
        if let (column, reason) = problem() {
            throw CSVReadError.invalidRow(
                file: row.table.file, line: row.record.line, column: column, problem: reason,
                advice: CSVReadError.defaultAdvice)
        }
    }
}

/// The conversation as the patient reads it: every message and answer by when it was written (file order on a tie).
public enum Conversation {
    public static func ordered(_ rows: [MessageRow]) -> [MessageRow] {
        rows.enumerated().sorted { ($0.element.writtenAt, $0.offset) < ($1.element.writtenAt, $1.offset) }
            .map(\.element)
    }

    /// The id the patient's next message on the machine `tag` (`MessageRow.machineTag`) gets: `M`, one more than the
    /// highest number in the file so far (with or without a tag: a file of the older ids goes on from them), `-`
    /// and the tag.
    public static func nextID(after rows: [MessageRow], machineTag tag: String) -> String {
        let highest = rows.filter { $0.sender == .patient }.compactMap { MessageRow.patientNumber($0.messageID) }.max()
        return "M\((highest ?? 0) + 1)-\(tag)"
    }
}
