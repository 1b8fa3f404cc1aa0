// The daily window random prompts fall into, per weekday ("08:00-22:00", "Sat,Sun 10:00-22:00").
import Foundation
import StudyRecords

/// One day's prompt window. An end before the start (a window across midnight) and a start equal to the
/// end are refused.
public struct PromptWindow: Sendable, Equatable, Codable, CustomStringConvertible {
    public let start: ClockTime
    public let end: ClockTime

    public init(start: ClockTime, end: ClockTime) {
        self.start = start
        self.end = end
    }

    public var durationMinutes: Int { end.minutes - start.minutes }
    public var description: String { "\(start)-\(end)" }

    /// Parses "HH:MM-HH:MM".
    public static func parse(_ text: String, flag: String) throws -> PromptWindow {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 2 else {
            throw ReminderError(
                flag: flag, problem: "'\(text)' is not a window; write it as HH:MM-HH:MM, e.g. 08:00-22:00")
        }
        let first = try ClockTime.parse(ends[0], flag: flag, allowEndOfDay: true)
        let second = try ClockTime.parse(ends[1], flag: flag, allowEndOfDay: true)
        if first == second {
            throw ReminderError(
                flag: flag, problem: "the window \(text) starts and ends at the same time; give a start before the end")
        }
        if second < first {
            // Turning it round would put the prompts into the hours the patient asked to be left alone.
            throw ReminderError(
                flag: flag,
                problem:
                    "the window \(text) ends before it starts (across midnight), which is not supported; give a window within one day, e.g. \(second)-\(first) if that is what you meant"
            )
        }
        return PromptWindow(start: first, end: second)
    }
}

/// The prompt window of each weekday. `--window 08:00-22:00` sets every day; `--window "Sat,Sun 10:00-23:00"`
/// then changes those days only (later values win).
public struct WeeklyPromptWindows: Sendable, Equatable {
    public private(set) var windows: [Weekday: PromptWindow]

    public static let defaultWindow = PromptWindow(start: ClockTime(minutes: 8 * 60), end: ClockTime(minutes: 22 * 60))

    public init(everyDay window: PromptWindow = WeeklyPromptWindows.defaultWindow) {
        windows = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, window) })
    }

    /// Applies `--window` values in order.
    public static func parse(_ specs: [String], flag: String = "--window") throws -> WeeklyPromptWindows {
        var result = WeeklyPromptWindows()
        for spec in specs {
            let words = spec.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard (1...2).contains(words.count) else {
                throw ReminderError(
                    flag: flag,
                    problem:
                        "'\(spec)' is not a window; write HH:MM-HH:MM or DAYS HH:MM-HH:MM, e.g. \"Sat,Sun 10:00-22:00\""
                )
            }
            let days = words.count == 2 ? try Weekday.parseList(words[0], flag: flag) : Weekday.weekOrder
            let window = try PromptWindow.parse(words[words.count - 1], flag: flag)
            for day in days { result.windows[day] = window }
        }
        return result
    }

    public func window(on day: Weekday) -> PromptWindow { windows[day] ?? Self.defaultWindow }

    /// The narrowest window, the one that limits how many prompts fit.
    public var narrowest: PromptWindow {
        Weekday.weekOrder.map(window(on:)).min { $0.durationMinutes < $1.durationMinutes } ?? Self.defaultWindow
    }
}
