// Messages between a participant and their study team: the conversation on the dashboard and through the API, the
// team's answers fetched by the site's machines. (The patient's messages are projected at ingest.)
import Foundation

public protocol MessagesRepository: Sendable {
    /// The conversation of `participant` at `site`, oldest first.
    func messages(site: String, participant: String) async throws -> [StudyDatabase.Message]
    /// Marks the participant's unread messages read; returns how many.
    @discardableResult
    func markMessagesRead(site: String, participant: String) async throws -> Int
    /// Stores the team's answer to `participant` of `site` and audits it; returns its id.
    func answer(
        site: String, participant: String, text: String, by actor: (name: String, role: String), requestID: String?
    ) async throws -> Int
    /// The team's answers after `after` to the participants of `site` whom `device` serves, oldest first.
    func answers(site: String, device: UUID, after: Int) async throws -> [StudyDatabase.Answer]
    /// Per site of `sites`, the participants with messages nobody has read yet, and how many.
    func unreadMessages(sites: [String]) async throws -> [(site: String, participant: String, count: Int)]
}

extension StudyDatabase {
    /// One message of a conversation, as the dashboard and the API show it.
    public struct Message: Codable, Sendable, Equatable {
        public var id: Int
        /// `patient` or `team`.
        public var sender: String
        public var text: String
        public var writtenAt: Date
        /// The team's answers: the answerer's role (the machines receive this and never a name).
        public var role: String?
        /// The patient's: the machine's id of it (`M1`, …); nil for an answer.
        public var messageID: String?
        /// The patient's: when an account of the site first read it (nil: unread).
        public var readAt: Date?
        /// The team's: when a machine sent it back up in its messages.csv (nil: not yet received there).
        public var deliveredAt: Date?

        enum CodingKeys: String, CodingKey {
            case id, sender, text, role
            case writtenAt = "written_at"
            case messageID = "message_id"
            case readAt = "read_at"
            case deliveredAt = "delivered_at"
        }
    }

    /// An answer as a machine of the site receives it: the participant, the role and the time, never a name.
    public struct Answer: Codable, Sendable, Equatable {
        public var id: Int
        public var participant: String
        public var role: String
        public var text: String
        /// RFC 3339 with milliseconds, as the logs write times (`Timestamp`).
        public var writtenAt: String

        enum CodingKeys: String, CodingKey {
            case id, participant, role, text
            case writtenAt = "written_at"
        }
    }
}
