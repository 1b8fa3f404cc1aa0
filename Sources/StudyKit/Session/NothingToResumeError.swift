// `--resume` for a participant with no interrupted session: says so and what to do instead.
import Foundation
import StudyRecords

/// Asked to resume, but there is nothing to resume.
public struct NothingToResumeError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let participant: String
    public let logs: String

    public init(participant: String, logs: String) {
        self.participant = participant
        self.logs = logs
    }

    public var description: String {
        "\(participant) has no interrupted session in \(logs); start a new session without --resume."
    }

    public var errorDescription: String? { description }
}
