// UTC ISO 8601 timestamps with milliseconds, the one format of every date in the logs.
import Foundation

public enum Timestamp {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// e.g. `2026-11-21T20:15:00.123Z`.
    public static func format(_ date: Date) -> String { style.format(date) }

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
