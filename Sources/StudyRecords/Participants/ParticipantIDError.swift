// A refused participant ID: says what is wrong with it and what a valid pseudonym looks like.
import Foundation

public struct ParticipantIDError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let value: String
    public let problem: String

    public var description: String {
        "'\(value)' cannot be a participant ID: \(problem); \(ParticipantID.rule)."
    }

    public var errorDescription: String? { description }
}
