// The Track Your Tinnitus prompt rule, checked over thousands of random windows, and its refusals.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

struct PromptPlannerTests {
    static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata"]

    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// For random windows, N, seeds, zones and moments "now" (over a year, so DST changes are crossed):
    /// every prompt lies in its day's window and in its own Nth of it, days after today have exactly N,
    /// every two are ≥ 15 min apart, and none is sooner than 15 min from now.
    @Test func theRuleHoldsOverThousandsOfRandomWindows() throws {
        var random = SeededRandom(seed: 20_261_123)
        var checkedPrompts = 0
        for trial in 0..<3000 {
            let start = Int(random.unitDouble() * 23 * 60)
            let end = start + 1 + Int(random.unitDouble() * Double(24 * 60 - start - 1))
            let window = PromptWindow(start: ClockTime(minutes: start), end: ClockTime(minutes: end))
            let maximum = PromptPlanner.maximumPrompts(windowMinutes: window.durationMinutes)
            guard maximum >= 1 else {
                #expect(throws: ReminderError.self) {
                    try PromptPlanner.check(prompts: 1, windows: WeeklyPromptWindows(everyDay: window))
                }
                continue
            }
            let prompts = 1 + Int(random.unitDouble() * Double(min(maximum, 12)))
            let days = 1 + Int(random.unitDouble() * 4)
            let zone = Self.zones[trial % Self.zones.count]
            let calendar = calendar(zone)
            let now = Date(timeIntervalSince1970: 1_767_225_600 + random.unitDouble() * 365 * 86_400)
            let times = try PromptPlanner.plan(
                prompts: prompts, windows: WeeklyPromptWindows(everyDay: window), days: days,
                seed: random.next(), now: now, calendar: calendar)
            checkedPrompts += times.count
            let context = "window \(window), N \(prompts), \(zone), now \(now)"
            #expect(times == times.sorted(), "\(context)")
            for (a, b) in zip(times, times.dropFirst()) {
                #expect(b.timeIntervalSince(a) >= 15 * 60, "\(context): \(a) and \(b)")
            }
            #expect(times.allSatisfy { $0.timeIntervalSince(now) >= 15 * 60 }, "\(context)")
            let today = calendar.startOfDay(for: now)
            var inWindows = 0
            for offset in 0..<days {
                let day = calendar.date(byAdding: .day, value: offset, to: today)!
                let dayStart = calendar.date(bySettingHour: start / 60, minute: start % 60, second: 0, of: day)!
                let dayEnd =
                    end == 24 * 60
                    ? calendar.date(byAdding: .day, value: 1, to: day)!
                    : calendar.date(bySettingHour: end / 60, minute: end % 60, second: 0, of: day)!
                let inDay = times.filter { $0 >= dayStart && $0 < dayEnd }
                inWindows += inDay.count
                let length = dayEnd.timeIntervalSince(dayStart)
                if offset > 0 { #expect(inDay.count == prompts, "\(context): day \(offset) has \(inDay.count)") }
                // One in each part at most, each in its own part.
                let parts = inDay.map {
                    Int(($0.timeIntervalSince(dayStart) / length * Double(prompts)).rounded(.down))
                }
                #expect(Set(parts).count == parts.count, "\(context): two prompts in one part \(parts)")
            }
            #expect(inWindows == times.count, "\(context): a prompt outside every window")
        }
        #expect(checkedPrompts > 10_000)
    }

    /// Different windows on different weekdays (including late windows that end at midnight, so a prompt
    /// near 24:00 meets one near 00:00 of the next day): each day uses its own window, N a day, 15 min apart.
    @Test func perWeekdayWindowsKeepTheRuleAcrossDaysAndMidnight() throws {
        var random = SeededRandom(seed: 77)
        for trial in 0..<1500 {
            var specs: [String] = []
            var windowOf: [Weekday: (Int, Int)] = [:]
            for day in Weekday.weekOrder {
                let start = random.unitDouble() < 0.2 ? 0 : 60 * Int(random.unitDouble() * 20)
                let end =
                    random.unitDouble() < 0.3 ? 24 * 60 : min(24 * 60, start + 120 + Int(random.unitDouble() * 600))
                windowOf[day] = (start, end)
                specs.append("\(day.shortName) \(ClockTime(minutes: start))-\(ClockTime(minutes: end))")
            }
            let windows = try WeeklyPromptWindows.parse(specs)
            let narrowest = windowOf.values.map { $0.1 - $0.0 }.min()!
            let prompts =
                1 + Int(random.unitDouble() * Double(min(PromptPlanner.maximumPrompts(windowMinutes: narrowest), 8)))
            let calendar = calendar(Self.zones[trial % Self.zones.count])
            let now = Date(timeIntervalSince1970: 1_767_225_600 + random.unitDouble() * 365 * 86_400)
            let times = try PromptPlanner.plan(
                prompts: prompts, windows: windows, days: 8, seed: random.next(), now: now, calendar: calendar)
            for (a, b) in zip(times, times.dropFirst()) { #expect(b.timeIntervalSince(a) >= 15 * 60) }
            #expect(times.allSatisfy { $0.timeIntervalSince(now) >= 15 * 60 })
            let today = calendar.startOfDay(for: now)
            var counted = 0
            for offset in 0..<8 {
                let day = calendar.date(byAdding: .day, value: offset, to: today)!
                let (start, end) = windowOf[Weekday(rawValue: calendar.component(.weekday, from: day))!]!
                let from = calendar.date(bySettingHour: start / 60, minute: start % 60, second: 0, of: day)!
                let to =
                    end == 24 * 60
                    ? calendar.date(byAdding: .day, value: 1, to: day)!
                    : calendar.date(bySettingHour: end / 60, minute: end % 60, second: 0, of: day)!
                let inDay = times.filter { $0 >= from && $0 < to }.count
                counted += inDay
                if offset > 0 { #expect(inDay == prompts, "day \(offset): \(inDay) of \(prompts), windows \(specs)") }
            }
            #expect(counted == times.count, "a prompt outside its day's window: \(specs)")
        }
    }

    @Test func tooManyPromptsForTheWindowAreRefusedWithASentence() throws {
        let windows = try WeeklyPromptWindows.parse(["08:00-09:00"])
        #expect(PromptPlanner.maximumPrompts(windowMinutes: 60) == 3)
        try PromptPlanner.check(prompts: 3, windows: windows)
        let error = #expect(throws: ReminderError.self) { try PromptPlanner.check(prompts: 4, windows: windows) }
        #expect(error?.description.contains("at most 3 fit") == true)
    }

    @Test func equalEndsAndWindowsAcrossMidnightAreRefusedNotTurnedInsideOut() throws {
        #expect(throws: ReminderError.self) { try PromptWindow.parse("08:00-08:00", flag: "--window") }
        for overnight in ["22:00-08:00", "24:00-08:00"] {
            let error = #expect(throws: ReminderError.self) { try PromptWindow.parse(overnight, flag: "--window") }
            #expect(error?.description.contains("across midnight") == true, "\(String(describing: error))")
        }
        #expect(try PromptWindow.parse("08:00-24:00", flag: "--window").durationMinutes == 16 * 60)
        #expect(throws: ReminderError.self) { try PromptWindow.parse("8-22", flag: "--window") }
        #expect(throws: ReminderError.self) { try PromptWindow.parse("08:00-25:00", flag: "--window") }
    }

    @Test func perWeekdayWindowsOverrideTheirDaysOnly() throws {
        let windows = try WeeklyPromptWindows.parse(["08:00-22:00", "Sat,Sun 10:00-23:00"])
        #expect(windows.window(on: .saturday).description == "10:00-23:00")
        #expect(windows.window(on: .monday).description == "08:00-22:00")
        // Monday 2026-11-23 at 06:00 UTC, two days: Monday's prompts after 08:00, Tuesday's too.
        let now = Date(timeIntervalSince1970: 1_795_413_600)
        let times = try PromptPlanner.plan(
            prompts: 2, windows: windows, days: 7, seed: 3, now: now, calendar: calendar("UTC"))
        #expect(times.count == 14)
        let saturday = times.filter { calendar("UTC").component(.weekday, from: $0) == 7 }
        #expect(saturday.allSatisfy { calendar("UTC").component(.hour, from: $0) >= 10 })
    }

    @Test func theSameSeedGivesTheSamePlan() throws {
        let now = Date(timeIntervalSince1970: 1_795_413_600)
        let plan = {
            try PromptPlanner.plan(
                prompts: 4, windows: WeeklyPromptWindows(), days: 3, seed: 9, now: now, calendar: self.calendar("UTC"))
        }
        #expect(try plan() == plan())
        #expect(PromptPlanner.localISO8601(now, timeZone: TimeZone(identifier: "UTC")!) == "2026-11-23T06:00:00+00:00")
    }

    @Test func trainingSchedulesBecomeSystemdCalendarExpressions() throws {
        #expect(try TrainingSchedule.parse("Mon,Wed,Fri 18:00").onCalendar == "Mon,Wed,Fri *-*-* 18:00:00")
        #expect(try TrainingSchedule.parse("Mon-Fri 07:30").onCalendar == "Mon,Tue,Wed,Thu,Fri *-*-* 07:30:00")
        #expect(throws: ReminderError.self) { try TrainingSchedule.parse("Funday 18:00") }
        #expect(throws: ReminderError.self) { try TrainingSchedule.parse("Mon 6pm") }
    }
}
