// A malformed protocol file: names the file, the field, its line when known, and what is wrong.
import Foundation

public struct ProtocolError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let file: String
    /// The field's path, e.g. `conditions[1].repetitions` (empty for the whole file).
    public let field: String
    public let line: Int?
    public let problem: String

    public init(file: String, field: String, line: Int? = nil, problem: String) {
        self.file = file
        self.field = field
        self.line = line
        self.problem = problem
    }

    public var description: String {
        var place = file
        if let line { place += " line \(line)" }
        if !field.isEmpty { place += ", field '\(field)'" }
        return "\(place): \(problem)."
    }

    public var errorDescription: String? { description }
}
