// Errors in a hearing profile or an audiogram file: one sentence naming the file, the field and what to do.
import Foundation

public struct ProfileError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let path: String
    public let field: String
    public let problem: String

    public init(path: String, field: String, problem: String) {
        self.path = path
        self.field = field
        self.problem = problem
    }

    public var description: String {
        "\(path): the field '\(field)' \(problem); correct it and run the command again."
    }

    public var errorDescription: String? { description }
}
