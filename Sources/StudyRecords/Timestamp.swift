// UTC ISO 8601 timestamps with milliseconds, the one format of every date in the logs.
import Foundation
import TidyFormats

public enum Timestamp {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// e.g. `2026-11-21T20:15:00.123Z`: the nearest millisecond, counted in whole milliseconds. Foundation's
    /// formatter truncates a binary fraction, and `.464` read back is a hair below it, so a timestamp read and
    /// written again lost a millisecond.
    public static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, rest) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, fraction) = rest < 0 ? (seconds - 1, rest + 1000) : (seconds, rest)
        let whole = Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: TimeInterval(wholeSeconds)))
        return String(whole.dropLast()) + String(format: ".%03dZ", Int(fraction))
    }

    /// Parses `format`'s output (and the same without milliseconds).
    public static func parse(_ text: String) -> Date? {
        if let date = try? style.parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}

extension KeyedDecodingContainer {
    /// A session.json timestamp (`Timestamp.format`'s text); a corrupt-data error naming the key otherwise.
    func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "'\(text)' is not a UTC timestamp")
        }
        return date
    }
}

extension CSVRow {
    /// A timestamp cell (`Timestamp.format`'s text); an error naming file, line and column otherwise.
    public func timestamp(_ column: String) throws -> Date {
        let raw = try text(column)
        guard let date = Timestamp.parse(raw) else {
            throw bad(column, raw, "a UTC timestamp like 2026-11-21T20:15:00.123Z")
        }
        return date
    }
}
