// Errors reading a CSV file back: each names the file, the line and (where it applies) the column, and what to do.
import Foundation

public enum CSVReadError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case unreadable(file: String, reason: String)
    case empty(file: String)
    case malformed(file: String, line: Int, reason: String, advice: String)
    case missingColumn(file: String, line: Int, column: String, header: [String])
    /// One row that cannot be used (wrong field count, a value of the wrong kind); `column` is nil for the whole row.
    case invalidRow(file: String, line: Int, column: String?, problem: String, advice: String)

    /// What the project's own readers tell a person to do with a bad row.
    public static let defaultAdvice = "fix or remove that line in a text editor"

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot open the file (\(reason)); check the path."
        case .empty(let file):
            return "\(file): the file is empty; expected a header row naming the columns."
        case .malformed(let file, let line, let reason, let advice):
            return "\(file):\(line): malformed CSV (\(reason)): check quotes on this line; \(advice)."
        case .missingColumn(let file, let line, let column, let header):
            return "\(file):\(line): no column named '\(column)'; the header has: \(header.joined(separator: ", "))."
        case .invalidRow(let file, let line, let column, let problem, let advice):
            let place = column.map { "\(file):\(line): column '\($0)'" } ?? "\(file):\(line)"
            return "\(place): \(problem); \(advice)."
        }
    }

    public var errorDescription: String? { description }

    /// The same row problem with other advice (the analyzer adds `--skip-invalid`).
    func advising(_ advice: String) -> CSVReadError {
        switch self {
        case .invalidRow(let file, let line, let column, let problem, _):
            return .invalidRow(file: file, line: line, column: column, problem: problem, advice: advice)
        case .malformed(let file, let line, let reason, _):
            return .malformed(file: file, line: line, reason: reason, advice: advice)
        default: return self
        }
    }
}
