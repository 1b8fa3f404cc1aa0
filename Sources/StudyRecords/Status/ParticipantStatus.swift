// One participant's state in a study or training plan: what `soundsafari status` and the study server show.
import Foundation
import TidyFormats

/// A session that started and is not done (not completed, not ended by its plan's minutes).
public struct UnfinishedSession: Sendable, Equatable {
    public let sessionID: String
    public let sessionIndex: Int?
    /// The protocol's name (or the plan's, for a training session).
    public let programme: String
    /// Photos logged in it (rows of its trials.csv), when known.
    public let photos: Int?
    /// Of the rounds' targets, how many the session has.
    public let targets: Int
    /// A process holds its `session.lock` right now: it is being played, not interrupted.
    public let running: Bool
    /// The command that continues it; nil when it cannot be continued (only the newest unfinished session is).
    public let resumeCommand: String?
}

/// The per-participant summary, computed from the participant's records alone (StudyKit reads them from a logs
/// folder): the sessions' session.json, the current plan, the ratings. The plan columns follow the one adherence
/// rule, `PlanSchedule`; the weekly dose the one dose rule, `WeekDose.of`.
public struct ParticipantStatus: Sendable, Equatable {
    public let participant: String
    /// `plan NAME vN` for a participant with a training plan, else `protocol NAME` of their newest session
    /// ("" when they have none yet).
    public let programme: String
    /// Sessions done: of the current plan version for a plan participant (`PlanSchedule.done`), else every
    /// completed session.
    public let done: Int
    /// Started and not done, not running now (interrupted: quit, signal, crash), newest first.
    public let interrupted: [UnfinishedSession]
    /// Sessions being played right now.
    public let running: [UnfinishedSession]
    /// Plan participants: windows that closed unplayed (`PlanSchedule.missed`); nil without a plan.
    public let missed: Int?
    /// Plan participants: `PlanSchedule.dueNext`; "" without a plan (a protocol has no calendar).
    public let dueNext: String
    /// The newest time anything of theirs was logged: a session's start, resume or end, or a rating.
    public let lastSeen: Date?
    /// The listening dose of the 7 days before `today` (nil when none of those sessions logged one: no
    /// calibrated headphones, or no session).
    public let weekDose: WeekDose?
    /// The newest answered (not skipped) rating.
    public let lastRating: RatingRow?
    /// The HRTF set they train with: `per condition: A, B` when their newest session's protocol fixes the sets,
    /// else the set they chose by ear (profile.json `hrtf`), else `default` (OpenAL Soft's, as a session without
    /// a choice or `--hrtf` hears).
    public let hrtf: String

    /// - Parameters:
    ///   - sessions: the participant's session.json records, any order.
    ///   - photos: rows logged per session_id (trials.csv), for the unfinished sessions.
    ///   - runningSessions: session_ids whose `session.lock` a process holds now.
    ///   - logs: the logs folder as the supervisor named it, for the resume command.
    public init(
        participant: String, sessions: [SessionRecord], plan: AssignedPlan?, ratings: [RatingRow],
        photos: [String: Int] = [:], runningSessions: Set<String> = [], today: Date, logs: String,
        chosenHRTF: String? = nil
    ) {
        self.participant = participant
        let ordered = sessions.sorted { $0.sessionID < $1.sessionID }
        let newestUnfinished = ordered.last { !$0.countsAsDone }?.sessionID
        var interrupted: [UnfinishedSession] = []
        var running: [UnfinishedSession] = []
        for record in ordered.reversed() where !record.countsAsDone {
            let isRunning = runningSessions.contains(record.sessionID)
            let name = record.plan?.name ?? record.resolvedProtocol.name
            let command =
                record.sessionID == newestUnfinished && !isRunning
                ? ResumeCommand.text(
                    SessionKind.of(record), participant: participant, logs: logs, protocolName: name) : nil
            let entry = UnfinishedSession(
                sessionID: record.sessionID, sessionIndex: record.sessionIndex, programme: name,
                photos: photos[record.sessionID], targets: record.resolvedProtocol.allTrialKeys.count,
                running: isRunning, resumeCommand: command)
            if isRunning { running.append(entry) } else { interrupted.append(entry) }
        }
        self.interrupted = interrupted
        self.running = running
        if let plan {
            let schedule = PlanSchedule.of(plan, sessions: ordered, today: today)
            programme = "plan \(plan.plan.name) v\(plan.version)"
            done = schedule.done
            missed = schedule.missed
            dueNext = schedule.dueNext
        } else {
            programme = ordered.last.map { "protocol \($0.resolvedProtocol.name)" } ?? ""
            done = ordered.filter(\.completed).count
            missed = nil
            dueNext = ""
        }
        let seen =
            ordered.flatMap { [$0.startedAt] + $0.resumedAt + [$0.endedAt].compactMap { $0 } }
            + ratings.map(\.answeredAt)
        lastSeen = seen.filter { $0 <= today }.max()
        let week = WeekDose.of(ordered, before: today, excluding: nil)
        weekDose = week.sessions > 0 ? week : nil
        lastRating = ratings.filter { !$0.skipped }.max { $0.answeredAt < $1.answeredAt }
        var fixed: [String] = []
        for name in ordered.last?.resolvedProtocol.conditions.compactMap(\.hrtf) ?? [] where !fixed.contains(name) {
            fixed.append(name)
        }
        hrtf = fixed.isEmpty ? chosenHRTF ?? "default" : "per condition: " + fixed.joined(separator: ", ")
    }

    /// The table's columns, in order (the CSV header; the JSON keys of one participant).
    public static let columns = [
        "participant", "protocol_or_plan", "done", "interrupted", "missed", "due_next", "last_seen",
        "week_dose_percent",
        "last_rating", "hrtf",
    ]

    /// The newest rating as one cell: `tinnitus_loudness 0.420 (after, 2026-11-26)`.
    public var lastRatingText: String {
        guard let row = lastRating, let value = row.value else { return "" }
        return String(
            format: "%@ %.3f (%@, %@)", row.item, value, row.moment.rawValue, PlanSchedule.day(row.answeredAt))
    }

    /// The weekly dose in percent of the allowance (nil: not measured).
    public var weekDosePercent: Double? { weekDose.map { ($0.fraction * 100).rounded() } }

    /// One row of the table, typed for the CSV writer.
    public var values: [CSVValue] {
        [
            .text(participant), .text(programme), .integer(done), .integer(interrupted.count),
            missed.map { .integer($0) } ?? .empty, .text(dueNext),
            lastSeen.map { .text(Timestamp.format($0)) } ?? .empty,
            weekDosePercent.map { .decimal($0, fractionDigits: 0) } ?? .empty, .text(lastRatingText), .text(hrtf),
        ]
    }

    /// One participant as JSON: the columns, plus the unfinished sessions with their resume commands.
    public var json: JSONValue {
        func session(_ s: UnfinishedSession) -> JSONValue {
            .object([
                ("session_id", .string(s.sessionID)), ("session_index", s.sessionIndex.map { .integer($0) } ?? .null),
                ("protocol_or_plan", .string(s.programme)), ("photos", s.photos.map { .integer($0) } ?? .null),
                ("targets", .integer(s.targets)), ("resume_command", s.resumeCommand.map { .string($0) } ?? .null),
            ])
        }
        return .object([
            ("participant", .string(participant)), ("protocol_or_plan", .string(programme)), ("done", .integer(done)),
            ("interrupted", .array(interrupted.map(session))), ("running", .array(running.map(session))),
            ("missed", missed.map { .integer($0) } ?? .null), ("due_next", .string(dueNext)),
            ("last_seen", lastSeen.map { .string(Timestamp.format($0)) } ?? .null),
            ("week_dose_percent", weekDosePercent.map { .number($0) } ?? .null),
            ("last_rating", lastRating.map { _ in .string(lastRatingText) } ?? .null), ("hrtf", .string(hrtf)),
        ])
    }
}
