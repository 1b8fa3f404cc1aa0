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
        let parts = Calendar(identifier: .gregorian).dateComponents(in: zone, from: date)
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        switch self {
        case .english, .pseudo: return String(format: "%04d-%02d-%02d", year, month, day)
        case .german: return String(format: "%02d.%02d.%04d", day, month, year)
        }
    }

    /// A moment to the second, as the dashboard shows times: in UTC "2026-11-28 14:05:09 UTC" in English (ISO's
    /// order, what the pages always said), "28.11.2026, 14:05:09 UTC" in German; in a site's zone its offset at that
    /// moment follows the time ("2026-11-28 15:05:09 UTC+1", "UTC+2" in summer, "UTC+5:30"), which names the time
    /// unambiguously in every language, where zone abbreviations differ by language and platform.
    public func dateTime(_ date: Date, zone: TimeZone = .gmt) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: zone, from: date)
        let time = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let offset = Self.offset(zone.secondsFromGMT(for: date))
        switch self {
        case .english, .pseudo: return "\(day(date, zone: zone)) \(time) \(offset)"
        case .german: return "\(day(date, zone: zone)), \(time) \(offset)"
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
