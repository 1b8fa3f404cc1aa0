// Where a participant stands in their plan on a given day: done, in progress, due, missed, next date.
import Foundation
import Localization

/// The plan's calendar: session k (1-based) opens `floor((k − 1) · 7 / sessions_per_week)` days after the
/// assignment day and stays open until the next one opens. Sessions are played in order. This is the one
/// adherence rule — `train`, `plan assign`, `status`, the analyzer's `progress` and report and the study
/// server all count with it:
/// - *due by today* (`opened`): the sessions whose window has opened, today's included;
/// - *done*: completed, or ended by the plan's minutes;
/// - *missed*: due by today, not done, and not the next one while its window is still open — i.e. windows
///   that closed unplayed: `max(0, min(opened − 1, total) − done)`. The next session is never missed on
///   its own day, so a plan assigned today is on schedule;
/// - *due next*: the session after the done ones, today when its window has opened, else on its opening day.
public struct PlanSchedule: Sendable, Equatable {
    public let assigned: AssignedPlan
    /// Sessions of this plan version that are done: completed, or ended by the plan's minutes (`ended_by` time).
    public let done: Int
    /// The session_id of a started but unfinished session of this plan (continued by `train`), if any.
    public let inProgress: String?
    public let today: Date

    public init(assigned: AssignedPlan, done: Int, inProgress: String?, today: Date) {
        self.assigned = assigned
        self.done = done
        self.inProgress = inProgress
        self.today = today
    }

    /// The UTC day `k` opens on.
    public func opens(session k: Int) -> Date {
        Date(timeIntervalSince1970: Double(Self.utcDay(assigned.assignedAt) + offset(session: k)) * Self.secondsPerDay)
    }

    /// Sessions whose window has opened by today.
    public var opened: Int {
        // Whole UTC days, counted as integers: the calendar's startOfDay and date(byAdding:) gave the same days
        // (UTC has no daylight saving and Unix time no leap seconds) at a cost that made `PlanSchedule` most of
        // the dashboard's participants page (`make bench`).
        // Session k is open when floor((k − 1) · 7 / per_week) ≤ elapsed days, so the open ones are the first
        // ceil((elapsed + 1) · per_week / 7): the server's `plan_sessions_opened` counts them the same way.
        let elapsed = Self.utcDay(today) - Self.utcDay(assigned.assignedAt)
        guard elapsed >= 0 else { return 0 }
        return min(assigned.plan.totalSessions, ((elapsed + 1) * assigned.plan.sessionsPerWeek - 1) / 7 + 1)
    }

    /// Days from the assignment day to the day session `k` opens on.
    func offset(session k: Int) -> Int { (k - 1) * 7 / assigned.plan.sessionsPerWeek }

    static let secondsPerDay = 86_400.0

    /// The number of the UTC day `date` falls on, counted from 1970-01-01 (negative before it).
    static func utcDay(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / secondsPerDay).rounded(.down)) }

    public var allDone: Bool { done >= assigned.plan.totalSessions }
    /// Windows that closed before their session was played.
    public var missed: Int { max(0, min(opened - 1, assigned.plan.totalSessions) - done) }
    /// The session to play next (nil when all are done).
    public var next: Int? { allDone ? nil : done + 1 }
    /// True when the next session may be played today.
    public var nextIsDue: Bool { next.map { $0 <= opened } ?? false }

    /// One line for the patient (`train`'s terminal line), in the active language: what is done, what is due, what
    /// was missed.
    public var summary: String {
        let plan = assigned.plan
        let language = Translation.language
        if allDone {
            return Translation.ngettext(
                // TRANSLATORS: `soundsafari train` when the plan is finished; {plan} is the plan's name (an ID).
                "The {count} session of the plan '{plan}' is done; ask your supervisor for a new plan.",
                "All {count} sessions of the plan '{plan}' are done; ask your supervisor for a new plan.",
                plan.totalSessions, ["plan": plan.name])
        }
        var text = Translation.ngettext(
            // TRANSLATORS: the start of `soundsafari train`'s line; {done} sessions played of {count} in the plan.
            "Plan '{plan}': {done} of {count} session done", "Plan '{plan}': {done} of {count} sessions done",
            plan.totalSessions, ["plan": plan.name, "done": String(done)])
        // TRANSLATORS: appended to "Plan '…': 1 of 10 sessions done": sessions whose day passed unplayed.
        if missed > 0 { text += Translation.gettext(", {missed} missed", ["missed": String(missed)]) }
        guard let next else { return text + "." }
        if inProgress != nil {
            text += Translation.gettext(
                // TRANSLATORS: appended to "Plan '…': 1 of 10 sessions done"; {next} is the session's number.
                "; session {next} was interrupted and continues now", ["next": String(next)])
        } else if nextIsDue {
            text += Translation.ngettext(
                // TRANSLATORS: appended to "Plan '…': 1 of 10 sessions done"; {count} is the session's length.
                "; session {next} (about {count} minute) is due today",
                "; session {next} (about {count} minutes) is due today",
                Int(plan.minutesPerSession.rounded()), ["next": String(next)])
        } else {
            text += Translation.gettext(
                // TRANSLATORS: appended to "Plan '…': 1 of 10 sessions done"; {day} is a date (28.11.2026 in German).
                "; session {next} is due on {day}",
                ["next": String(next), "day": language.day(opens(session: next))])
        }
        return text + "."
    }

    /// The same for the patient's screen: no plan name (an internal ID the supervisor chose), no commands.
    public var patientSummary: String {
        let total = assigned.plan.totalSessions
        if allDone {
            return Translation.ngettext(
                "The {count} training session is done. Your supervisor can give you a new plan.",
                "All {count} training sessions are done. Your supervisor can give you a new plan.", total)
        }
        let values = ["done": String(done), "next": String(next ?? 0)]
        guard let next else {
            return Translation.ngettext(
                "{done} of {count} training session done.", "{done} of {count} training sessions done.", total,
                values)
        }
        if inProgress != nil {
            return Translation.ngettext(
                "{done} of {count} training session done. Session {next} goes on where you stopped the next time you train.",
                "{done} of {count} training sessions done. Session {next} goes on where you stopped the next time you train.",
                total, values)
        }
        if nextIsDue {
            return Translation.ngettext(
                "{done} of {count} training session done. Session {next} is due today.",
                "{done} of {count} training sessions done. Session {next} is due today.", total, values)
        }
        return Translation.ngettext(
            "{done} of {count} training session done. Session {next} is due on {day}.",
            "{done} of {count} training sessions done. Session {next} is due on {day}.", total,
            ["done": String(done), "next": String(next), "day": Translation.language.weekday(opens(session: next))])
    }

    static func day(_ date: Date) -> String {
        CivilTime.isoDay(date, zone: .gmt)
    }

    /// The schedule of `assigned` given the participant's sessions (session.json records, in start order):
    /// done = completed or ended by the plan's minutes, counted only for this plan name and version.
    public static func of(_ assigned: AssignedPlan, sessions: [SessionRecord], today: Date) -> PlanSchedule {
        of(
            assigned,
            entries: sessions.map { Entry(sessionID: $0.sessionID, plan: $0.plan, countsAsDone: $0.countsAsDone) },
            today: today)
    }

    /// A session as the schedule counts it: its plan reference and whether it is done (`countsAsDone`), for
    /// callers that hold only those (the study server's `sessions` table) rather than whole session records.
    public struct Entry: Sendable, Equatable {
        public var sessionID: String
        public var plan: PlanReference?
        public var countsAsDone: Bool

        public init(sessionID: String, plan: PlanReference?, countsAsDone: Bool) {
            self.sessionID = sessionID
            self.plan = plan
            self.countsAsDone = countsAsDone
        }
    }

    /// The schedule of `assigned` given the participant's sessions in start order (as `of(_:sessions:today:)`).
    public static func of(_ assigned: AssignedPlan, entries: [Entry], today: Date) -> PlanSchedule {
        var done = 0
        var inProgress: String?
        for entry in entries {
            guard let plan = entry.plan, plan.name == assigned.plan.name, plan.version == assigned.version else {
                continue
            }
            if entry.countsAsDone {
                done += 1
            } else if inProgress == nil {
                inProgress = entry.sessionID
            }
        }
        return PlanSchedule(assigned: assigned, done: done, inProgress: inProgress, today: today)
    }

    /// Due next, for a supervisor's table and `status`'s CSV and JSON (English, whoever runs it): "session 3 today",
    /// "session 3 (interrupted)", "session 4 on 2026-12-01", or "all done".
    public var dueNext: String { dueNext(.english) }

    /// The same in `catalog`'s language, for a page a supervisor reads ("Sitzung 4 am 01.12.2026").
    public func dueNext(_ catalog: MessageCatalog) -> String {
        guard let next else { return catalog.gettext("all done") }
        let number = String(next)
        if inProgress != nil { return catalog.gettext("session {next} (interrupted)", ["next": number]) }
        return nextIsDue
            ? catalog.gettext("session {next} today", ["next": number])
            : catalog.gettext(
                "session {next} on {day}", ["next": number, "day": catalog.language.day(opens(session: next))])
    }
}
