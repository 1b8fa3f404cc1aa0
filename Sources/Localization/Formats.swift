// Numbers and dates as a person reads them in their language; the logs never use these (dot decimals, ISO days).
import Foundation

extension Language {
    /// A number already written with `.` as decimal mark (`FixedDecimal`, `%.1f`) in this language's form:
    /// "2.5" → "2,5" in German. No thousands separators, as in the logs.
    public func number(_ dotDecimal: String) -> String {
        decimalMark == "." ? dotDecimal : dotDecimal.replacingOccurrences(of: ".", with: String(decimalMark))
    }

    /// A calendar day (UTC, as the plan's calendar counts, unless a site's zone is given): "2026-11-28" in English
    /// (what the terminal always said), "28.11.2026" in German.
    public func day(_ date: Date, zone: TimeZone = .gmt) -> String {
        day(CivilTime(date, offset: zone.secondsFromGMT(for: date), zone: zone))
    }

    private func day(_ time: CivilTime) -> String {
        switch self {
        case .english, .pseudo: return CivilTime.isoDay(year: time.year, month: time.month, day: time.day)
        case .german:
            return
                "\(CivilTime.padded(time.day, 2)).\(CivilTime.padded(time.month, 2)).\(CivilTime.padded(time.year, 4))"
        }
    }

    /// A moment to the second, as the dashboard shows times: in UTC "2026-11-28 14:05:09 UTC" in English (ISO's
    /// order, what the pages always said), "28.11.2026, 14:05:09 UTC" in German; in a site's zone its offset at that
    /// moment follows the time ("2026-11-28 15:05:09 UTC+1", "UTC+2" in summer, "UTC+5:30"), which names the time
    /// unambiguously in every language, where zone abbreviations differ by language and platform.
    public func dateTime(_ date: Date, zone: TimeZone = .gmt) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        let civil = CivilTime(date, offset: seconds, zone: zone)
        let time =
            "\(CivilTime.padded(civil.hour, 2)):\(CivilTime.padded(civil.minute, 2)):\(CivilTime.padded(civil.second, 2))"
        switch self {
        case .english, .pseudo: return "\(day(civil)) \(time) \(Self.offset(seconds))"
        case .german: return "\(day(civil)), \(time) \(Self.offset(seconds))"
        }
    }

    /// "UTC", "UTC+1", "UTC-5", "UTC+5:30".
    static func offset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "-" : "+"
        return minutes % 60 == 0
            ? "UTC\(sign)\(minutes / 60)" : String(format: "UTC%@%d:%02d", sign, minutes / 60, minutes % 60)
    }

    /// A weekday and date (UTC) for a patient: "Saturday 28 November", "Samstag, 28. November".
    public func weekday(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = Self.utc
        switch self {
        case .english, .pseudo:
            formatter.locale = Locale(identifier: "en_GB")
            formatter.dateFormat = "EEEE d MMMM"
        case .german:
            formatter.locale = Locale(identifier: "de_DE")
            formatter.dateFormat = "EEEE, d. MMMM"
        }
        return formatter.string(from: date)
    }

    private static let utc = TimeZone.gmt
}

/// A moment's calendar fields in a zone: the proleptic Gregorian calendar counted from the Unix epoch (Howard
/// Hinnant's days-to-civil), as Foundation's Gregorian calendar counts since 15 October 1582. A moment before that,
/// where Foundation counts Julian days, is asked of Foundation's calendar, so every date reads as it did.
public struct CivilTime: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    /// 1582-10-15T00:00:00Z.
    static let gregorianStart: Double = -12_219_292_800

    init(_ date: Date, offset: Int, zone: TimeZone) {
        let since1970 = date.timeIntervalSince1970
        guard since1970.isFinite, since1970 >= Self.gregorianStart + 86_400, since1970 < 253_402_300_800 else {
            let parts = Calendar(identifier: .gregorian).dateComponents(in: zone, from: date)
            self.init(
                year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
                minute: parts.minute ?? 0, second: parts.second ?? 0)
            return
        }
        let local = Int((since1970 + Double(offset)).rounded(.down))
        let (days, seconds) = local.quotientAndRemainder(dividingBy: 86_400)
        let (day, time) = seconds < 0 ? (days - 1, seconds + 86_400) : (days, seconds)
        let date = Self.date(daysSince1970: day)
        self.init(
            year: date.year, month: date.month, day: date.day, hour: time / 3_600, minute: time % 3_600 / 60,
            second: time % 60)
    }

    /// The proleptic Gregorian date of a day number (days from 1970-01-01): eras of 400 years from 0000-03-01. The
    /// one count of days, also the server's for the timestamps it copies into PostgreSQL (`CopyText`).
    public static func date(daysSince1970 day: Int) -> (year: Int, month: Int, day: Int) {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// The day a moment falls on in `zone`, as ISO 8601 and the logs write it: "2026-11-28", whatever the language.
    public static func isoDay(_ date: Date, zone: TimeZone) -> String {
        let civil = CivilTime(date, offset: zone.secondsFromGMT(for: date), zone: zone)
        return isoDay(year: civil.year, month: civil.month, day: civil.day)
    }

    /// "2026-11-28" for 2026, 11, 28: `%04d-%02d-%02d`, the one form of a day's text (the game's calendar, the
    /// plan's days, the dashboard's).
    public static func isoDay(year: Int, month: Int, day: Int) -> String {
        "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// `number` in decimal with zeros in front up to `width` digits (`%0*d`, without Foundation's format parser,
    /// which was a tenth of the participants page's time and a twentieth of a participant's page).
    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - (number < 0 ? 1 : 0) - digits.count))
        return (number < 0 ? "-" : "") + zeros + digits
    }

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
            year, month, day, hour, minute, second
        )
    }
}
