// The one error of decoding a log record: the file and, for JSON, the path of the field that is wrong.
import Foundation

public struct RecordError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let file: String
    public let reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)." }
    public var errorDescription: String? { description }

    /// A decoding error as the field path a person finds in the file (`protocol.rounds[2].level`).
    static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "the field '\(path(context).isEmpty ? "" : path(context) + ".")\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the field '\(path(context))' has the wrong type"
        case .dataCorrupted(let context):
            return path(context).isEmpty
                ? "it is not valid JSON" : "the field '\(path(context))' is invalid: \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
