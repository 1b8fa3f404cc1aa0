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
            let guess = Self.closest(to: column, in: header).map { "did you mean '\($0)'? " } ?? ""
            return
                "\(file):\(line): no column named '\(column)'; \(guess)the header has: \(header.joined(separator: ", "))."
        case .invalidRow(let file, let line, let column, let problem, let advice):
            let place = column.map { "\(file):\(line): column '\($0)'" } ?? "\(file):\(line)"
            return "\(place): \(problem); \(advice)."
        }
    }

    public var errorDescription: String? { description }

    /// The name in `names` a misspelt `name` most likely meant: the nearest by edit distance (letters inserted,
    /// dropped, changed or two swapped), if it is at most 2 edits and under half the name away; nil otherwise.
    public static func closest(to name: String, in names: [String]) -> String? {
        let target = Array(name.lowercased())
        let scored = names.map { candidate in (candidate, editDistance(target, Array(candidate.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 > 0 || best.0 != name,
            best.1 <= min(2, max(1, target.count / 2))
        else { return nil }
        return best.0
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// The same row problem with other advice (the analyzer adds `--skip-invalid`).
    public func advising(_ advice: String) -> CSVReadError {
        switch self {
        case .invalidRow(let file, let line, let column, let problem, _):
            return .invalidRow(file: file, line: line, column: column, problem: problem, advice: advice)
        case .malformed(let file, let line, let reason, _):
            return .malformed(file: file, line: line, reason: reason, advice: advice)
        default: return self
        }
    }
}
