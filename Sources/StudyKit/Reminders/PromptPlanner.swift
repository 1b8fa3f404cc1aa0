// The random prompt times of Track Your Tinnitus: N per day, one in each Nth of the window, 15 minutes apart.
import Foundation
import GameCore
import StudyRecords

/// Plans the momentary-assessment prompts the way the Track Your Tinnitus apps describe it (seeds 001/002):
/// each day's window is split into N equal parts and one random time is drawn in each part; every two
/// prompts are at least 15 minutes apart (also across midnight), and none is sooner than 15 minutes from
/// now. The seeds' printed code does not enforce the gap; this does, by drawing each time no earlier than
/// 15 minutes after the one before. That is always possible when a part is longer than 15 minutes, which
/// is why N ≥ window / 15 min is refused.
public enum PromptPlanner {
    public static let minimumGapSeconds = 15 * 60

    /// The largest N a window of `minutes` allows (N parts must each be longer than 15 minutes).
    public static func maximumPrompts(windowMinutes minutes: Int) -> Int {
        max(0, (minutes * 60 - 1) / minimumGapSeconds)
    }

    /// Checks N against every day's window (the refusal names the narrowest).
    public static func check(prompts: Int, windows: WeeklyPromptWindows, flag: String = "--prompts") throws {
        guard prompts >= 1 else {
            throw ReminderError(flag: flag, problem: "must be at least 1 (got \(prompts)); leave it out for no prompts")
        }
        let narrowest = windows.narrowest
        let allowed = maximumPrompts(windowMinutes: narrowest.durationMinutes)
        if prompts > allowed {
            throw ReminderError(
                flag: flag,
                problem:
                    "\(prompts) prompts do not fit the window \(narrowest) (\(narrowest.durationMinutes) minutes): prompts must be at least 15 minutes apart, so at most \(allowed) fit; ask for fewer prompts or widen the window"
            )
        }
    }

    /// The prompt times of `days` days starting with the day of `now`, in order. Times of today that would be
    /// sooner than 15 minutes from now are left out (a part already past has no prompt today).
    public static func plan(
        prompts: Int, windows: WeeklyPromptWindows, days: Int, seed: UInt64, now: Date, calendar: Calendar
    ) throws -> [Date] {
        try check(prompts: prompts, windows: windows)
        guard days >= 1 else { throw ReminderError(flag: "--days", problem: "must be at least 1 (got \(days))") }
        var random = SeededRandom(seed: seed)
        let earliest = now.addingTimeInterval(TimeInterval(minimumGapSeconds))
        var previous: Date?
        var times: [Date] = []
        let today = calendar.startOfDay(for: now)
        for offset in 0..<days {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                let weekday = Weekday(rawValue: calendar.component(.weekday, from: day))
            else { continue }
            let window = windows.window(on: weekday)
            guard let start = date(day, window.start, calendar), let end = date(day, window.end, calendar) else {
                continue
            }
            let length = Int(end.timeIntervalSince(start).rounded())
            for part in 0..<prompts {
                // Whole seconds from the window's start; part k is [⌈k·L/N⌉, ⌊(k+1)·L/N⌋), inside k·L/N … (k+1)·L/N.
                let partStart = (part * length + prompts - 1) / prompts
                let partEnd = (part + 1) * length / prompts
                var lower = start.addingTimeInterval(TimeInterval(partStart))
                if let previous { lower = max(lower, previous.addingTimeInterval(TimeInterval(minimumGapSeconds))) }
                lower = max(lower, earliest)
                let lowerSecond = Int(lower.timeIntervalSince(start).rounded(.up))
                // Drawn even when the part is skipped, so one day's plan does not depend on the time of day.
                let draw = random.unitDouble()
                guard lowerSecond < partEnd else { continue }
                let second = lowerSecond + Int(draw * Double(partEnd - lowerSecond))
                let time = start.addingTimeInterval(TimeInterval(min(second, partEnd - 1)))
                times.append(time)
                previous = time
            }
        }
        return times
    }

    /// `time` on `day` (24:00 is the next midnight).
    private static func date(_ day: Date, _ time: ClockTime, _ calendar: Calendar) -> Date? {
        if time.minutes == 24 * 60 { return calendar.date(byAdding: .day, value: 1, to: day) }
        return calendar.date(bySettingHour: time.minutes / 60, minute: time.minutes % 60, second: 0, of: day)
    }

    /// Local ISO 8601 with the offset, e.g. 2026-11-23T18:07:31+01:00 (never "Z", so the offset is explicit).
    public static func localISO8601(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        return formatter.string(from: date)
    }
}
