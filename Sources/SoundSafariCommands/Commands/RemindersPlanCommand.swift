// `soundsafari reminders plan`: the prompt times the rule would schedule, to check the rule or a window.
import ArgumentParser
import Foundation
import StudyKit
import StudyRecords

struct RemindersPlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the random prompt times that would be scheduled (local time, starting today).")

    @Option(help: "Prompts per day.") var prompts: Int
    @Option(help: "Daily window HH:MM-HH:MM, or DAYS HH:MM-HH:MM for some weekdays (repeatable).")
    var window: [String] = ["08:00-22:00"]
    @Option(help: "Days to plan, today first.") var days = 7
    @Option(help: "Seed of the random times (default: drawn, and printed).") var seed: UInt64?
    @Option(help: "text or json.") var format: PlanFormat = .text

    enum PlanFormat: String, ExpressibleByArgument { case text, json }

    func validate() throws {
        if days < 1 || days > 366 { throw ValidationError("--days: must be 1 to 366 (got \(days)).") }
        let windows = try usage { try WeeklyPromptWindows.parse(window) }
        try usage { try PromptPlanner.check(prompts: prompts, windows: windows) }
    }

    func run() throws {
        let windows = try usage { try WeeklyPromptWindows.parse(window) }
        let seed = seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let zone = try usage { try ReminderTimeZone.current() }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let times = try PromptPlanner.plan(
            prompts: prompts, windows: windows, days: days, seed: seed, now: Date(), calendar: calendar)
        let stamps = times.map { PromptPlanner.localISO8601($0, timeZone: zone) }
        switch format {
        case .json:
            let object: [String: Any] = [
                "prompts_per_day": prompts, "days": days, "seed": seed, "minimum_gap_minutes": 15,
                "windows": Weekday.weekOrder.map { ["day": $0.shortName, "window": "\(windows.window(on: $0))"] },
                "times": stamps,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        case .text:
            print("Seed \(seed); \(prompts) prompt(s) a day, at least 15 minutes apart:")
            for stamp in stamps { print("  \(stamp)") }
        }
    }
}
