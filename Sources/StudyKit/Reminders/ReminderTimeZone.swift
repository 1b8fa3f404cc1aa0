// The local time zone the reminders are planned in: TZ when it names a zone, never a silent fall-back to UTC.
import Foundation

/// Foundation quietly takes UTC for a `TZ` it does not know (`Europe/Lndon`, `UTC+25`, `Invalid/Zone`), and
/// every training and prompt time would be hours off without a word. A `TZ` that names no zone is refused.
public enum ReminderTimeZone {
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> TimeZone
    {
        guard let value = environment["TZ"], !value.isEmpty else { return .current }
        // POSIX lets TZ start with ':' before a zone name.
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        guard let zone = TimeZone(identifier: name) else {
            throw ReminderError(
                flag: "TZ=\(value)",
                problem:
                    "is not a time zone this system knows, so every reminder time would silently be UTC; unset TZ or set it to a zone name such as Europe/London (see timedatectl list-timezones)"
            )
        }
        return zone
    }
}
