// UTC ISO 8601 timestamps with milliseconds, the one format of every date in the logs.
import Foundation
import TidyFormats

public enum Timestamp {
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
    /// of March), a time of day (no hour 24, no leap second) and a year of `years`; anything else is nil.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The same from a field's bytes, with no text made: a trials.csv row holds two timestamps, and Foundation's
    /// parser and calendar took most of the time of reading a row. The instant is the whole seconds counted exactly
    /// (a proleptic Gregorian day count) plus the fraction, rounded once each: within one unit in the last place of
    /// what Foundation's ISO 8601 parser makes of the same text, and the same millisecond (TimestampTests).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        let n = bytes.count
        guard n >= 20, bytes[n - 1] == UInt8(ascii: "Z") else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int? {
            let c = bytes[i]
            return c >= 48 && c <= 57 ? Int(c - 48) : nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard let d = digit(i) else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var nanoseconds = 0
        if n > 20 {
            // A '.' and 1 to 9 digits.
            let digits = n - 21
            guard bytes[19] == UInt8(ascii: "."), (1...9).contains(digits), let fraction = number(20..<(n - 1))
            else { return nil }
            nanoseconds = fraction
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        guard years.contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(
            timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(nanoseconds) / 1_000_000_000)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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
    public func timestamp(_ column: String) throws -> Date { try timestamp(at: try table.index(of: column)) }

    /// The same by the column's index in the header, parsed from the field's bytes.
    public func timestamp(at index: Int) throws -> Date {
        if let date = record.withBytes(index, Timestamp.parse) { return date }
        throw bad(table.header[index], text(at: index), "a UTC timestamp like 2026-11-21T20:15:00.123Z")
    }
}
