// A diary entry that cannot be saved: one sentence naming the flag or the entry.
import Foundation

public struct DiaryError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let problem: String
    public init(problem: String) { self.problem = problem }
    public var description: String { "The diary entry was not saved: \(problem)." }
    public var errorDescription: String? { description }
}
