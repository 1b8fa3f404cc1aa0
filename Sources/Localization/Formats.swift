// Numbers and dates as a person reads them in their language; the logs never use these (dot decimals, ISO days).
import Foundation

extension Language {
    /// A number already written with `.` as decimal mark (`FixedDecimal`, `%.1f`) in this language's form:
    /// "2.5" → "2,5" in German. No thousands separators, as in the logs.
    public func number(_ dotDecimal: String) -> String {
        decimalMark == "." ? dotDecimal : dotDecimal.replacingOccurrences(of: ".", with: String(decimalMark))
    }

    /// A calendar day (UTC, as the plan's calendar counts): "2026-11-28" in English (what the terminal always
    /// said), "28.11.2026" in German.
    public func day(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: Self.utc, from: date)
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        switch self {
        case .english, .pseudo: return String(format: "%04d-%02d-%02d", year, month, day)
        case .german: return String(format: "%02d.%02d.%04d", day, month, year)
        }
    }

    /// A moment to the second, in UTC, as the dashboard shows times: "2026-11-28 14:05:09 UTC" in English (ISO's
    /// order, what the pages always said), "28.11.2026, 14:05:09 UTC" in German.
    public func dateTime(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: Self.utc, from: date)
        let time = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        switch self {
        case .english, .pseudo: return "\(day(date)) \(time) UTC"
        case .german: return "\(day(date)), \(time) UTC"
        }
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
