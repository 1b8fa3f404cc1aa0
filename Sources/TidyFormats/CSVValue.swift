// One field of a CSV row, typed so the writer knows which fields are numbers and which are text.
import Foundation

/// A value for one CSV field. The type decides the encoding: only `.text` gets the
/// spreadsheet formula guard, so a negative number stays a number (`-12.5`, never `'-12.5`).
public enum CSVValue: Equatable, Sendable {
    case text(String)
    case integer(Int)
    /// A decimal number written with `.` as decimal mark and exactly `fractionDigits` digits after it.
    case decimal(Double, fractionDigits: Int)
    /// Written as `TRUE` / `FALSE`: R's read.csv and pandas both read these as logical (lower case is text to R).
    case boolean(Bool)
    /// An empty field (a missing answer, a number that could not be measured).
    case empty
    /// A number already written as text (checked by `cell`), kept exactly as given.
    case verbatimNumber(String)

    /// A cell of a table whose values arrive as text (the analyzer's report tables): a finite number stays a
    /// number, anything else is `.text` and gets the formula guard.
    /// No number the analyzer writes starts with `+`, so `+1` is a name, guarded like any text a spreadsheet would
    /// evaluate.
    public static func cell(_ text: String) -> CSVValue {
        if !text.hasPrefix("+"), let number = Double(text), number.isFinite { return .verbatimNumber(text) }
        return .text(text)
    }

    /// The field's text before CSV quoting.
    public var encoded: String {
        switch self {
        case .text(let text): return CSVValue.guardingFormula(text)
        case .integer(let value): return String(value)
        case .decimal(let value, let digits):
            // A NaN or infinity has no meaning in the log: leave the cell empty (R and pandas read NA).
            guard value.isFinite else { return "" }
            let text = FixedDecimal.string(value, digits: max(0, digits))
            // "-0.000" would read as a negative number to a person scanning the file.
            if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
                return String(text.dropFirst())
            }
            return text
        case .boolean(let value): return value ? "TRUE" : "FALSE"
        case .empty: return ""
        case .verbatimNumber(let text): return text
        }
    }

    /// Characters that make a spreadsheet run a cell as a formula: OWASP's CSV-injection list (= + - @ TAB CR),
    /// docs/LOG-FORMAT.md. A leading TAB or CR is how a formula hides behind white space that a spreadsheet drops.
    /// Compared as Unicode scalars: "\r\n" is one Swift Character, and it starts with a CR all the same.
    static let formulaPrefixes: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Prefixes `'` to text a spreadsheet would run as a formula. Text that already starts with
    /// `'` followed by a formula character gets one too, so `unguardingFormula` is an exact inverse.
    public static func guardingFormula(_ text: String) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return text }
        if formulaPrefixes.contains(first) { return "'" + text }
        if first == "'", let second = scalars.next(), formulaPrefixes.contains(second) || second == "'" {
            return "'" + text
        }
        return text
    }

    /// Undoes `guardingFormula` when reading a text field back (a reader that re-writes the text guards it again).
    public static func unguardingFormula(_ text: String) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        guard scalars.next() == "'", let second = scalars.next(), formulaPrefixes.contains(second) || second == "'"
        else { return text }
        return String(text.unicodeScalars.dropFirst())
    }
}
