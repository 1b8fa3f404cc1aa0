// A participant sheet with an answer out of range: names the participant, the answer and what to do.
import Foundation

public struct ParticipantRecordError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let participant: String
    public let problem: String

    public init(participant: String, problem: String) {
        self.participant = participant
        self.problem = problem
    }

    public var description: String {
        "The participant sheet of \(participant) cannot be saved: \(problem); correct that answer or leave it empty."
    }

    public var errorDescription: String? { description }
}
