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

    /// The years a log's timestamp may name: a year 9999 is no time the game ever logged.
    public static let years = 1900...2099

    /// Parses `format`'s output (and the same without milliseconds, or with 1 to 9 fraction digits):
    /// `YYYY-MM-DDTHH:MM:SS[.fff]Z` in ASCII digits, a day that exists (Foundation's parser made 2026-02-30 the 2nd
    /// of March) and a year of `years`; anything else is nil.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        let separators: [Int: Character] = [4: "-", 7: "-", 10: "T", 13: ":", 16: ":"]
        for offset in 0..<19 {
            let fits =
                separators[offset].map { bytes[offset] == $0.asciiValue } ?? (48...57).contains(bytes[offset])
            guard fits else { return nil }
        }
        let fraction = bytes[19..<(bytes.count - 1)]
        if !fraction.isEmpty {
            guard fraction.count >= 2, fraction.count <= 10, fraction.first == UInt8(ascii: "."),
                fraction.dropFirst().allSatisfy({ (48...57).contains($0) })
            else { return nil }
        }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
        let written = [number(0..<4), number(5..<7), number(8..<10), number(11..<13), number(14..<16), number(17..<19)]
        guard years.contains(written[0]),
            let date = (try? style.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
        else { return nil }
        let read = Calendar.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return [read.year, read.month, read.day, read.hour, read.minute, read.second] == written.map(Optional.some)
            ? date : nil
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
