// Errors reading a CSV file back: each names the file, the line and (where it applies) the column.
import Foundation

public enum CSVReadError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case unreadable(file: String, reason: String)
    case malformed(file: String, line: Int, reason: String)
    case missingColumn(file: String, column: String)
    case wrongFieldCount(file: String, line: Int, found: Int, expected: Int)
    case badValue(file: String, line: Int, column: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "Cannot read \(file): \(reason)."
        case .malformed(let file, let line, let reason):
            return "\(file) line \(line) is not valid CSV (\(reason)); fix or remove that line."
        case .missingColumn(let file, let column):
            return "\(file) has no column '\(column)' in its header; is it a SoundSafari log of the right kind?"
        case .wrongFieldCount(let file, let line, let found, let expected):
            return "\(file) line \(line) has \(found) fields but the header has \(expected); fix or remove that line."
        case .badValue(let file, let line, let column, let value, let expected):
            return "\(file) line \(line), column \(column): '\(value)' is not \(expected)."
        }
    }

    public var errorDescription: String? { description }
}
