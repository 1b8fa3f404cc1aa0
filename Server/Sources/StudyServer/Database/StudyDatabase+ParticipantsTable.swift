// The participants table's rows across sites: plan adherence, progress medians, staircase threshold, ratings, last sync.
import Foundation
import PostgresNIO
import StudyRecords
import TidyFormats

/// One participant of the table (a site's pseudonymous ID: the same ID at two sites is two rows).
public struct ParticipantTableRow: Sendable, Equatable {
    public var site: String
    public var participant: String
    /// `NAME vN` of the current plan; nil without a plan.
    public var plan: String?
    public var planName: String?
    /// Sessions done: of the current plan (PlanSchedule) for a plan participant, else completed sessions.
    public var done: Int
    /// Plan participants: sessions due by today (their window has opened), missed, and what is due next.
    public var due: Int?
    public var missed: Int?
    public var dueNext: String
    /// The plan's schedule the plan columns come from (nil without a plan), for a page's words in its language.
    public var schedule: PlanSchedule? = nil
    public var allDone: Bool
    public var sessions: Int
    public var lastSession: Date?
    /// The median of the session medians of `abs_deviation_deg` (SessionSummary) of the participant's first 7
    /// days of sessions, and of their last 7 days.
    public var firstWeekDeviation: Double?
    public var lastWeekDeviation: Double?
    /// The newest session's staircase threshold (SessionSummary: the mean of its last 6 reversal values).
    public var threshold: Double?
    /// `tinnitus_loudness`: the first answered rating and the newest.
    public var firstLoudness: Double?
    public var lastLoudness: Double?
    /// The newest time a machine of the participant's sessions synced anything.
    public var lastSync: Date?

    public var loudnessChange: Double? {
        guard let firstLoudness, let lastLoudness else { return nil }
        return lastLoudness - firstLoudness
    }
}

extension StudyDatabase {
    /// Each participant's current plan at a site: the newest assignment a machine of the site sent.
    func currentPlans(siteID: Int) async throws -> [String: CurrentPlan] {
        try await withConnection { connection in
            try await Self.currentPlans(siteID: siteID, participants: nil, on: connection, logger: logger)
        }
    }

    typealias RatingChange = (
        participant: String, item: String, first: Double, last: Double, firstAt: Date, lastAt: Date
    )

    /// Each participant's first and newest answered rating of `item` (ties by file and record).
    func ratingChanges(siteID: Int, items: [String]) async throws -> [RatingChange] {
        try await withConnection { connection in
            try await Self.ratingChanges(
                siteID: siteID, items: items, participants: nil, on: connection, logger: logger)
        }
    }

    /// The same for `participants` only (all when nil).
    static func ratingChanges(
        siteID: Int, items: [String], participants: [String]?, on connection: PostgresConnection, logger: Logger
    ) async throws -> [RatingChange] {
        try await connection.query(
            """
            SELECT participant, item,
              (array_agg(value ORDER BY answered_at, file, record))[1],
              (array_agg(value ORDER BY answered_at DESC, file DESC, record DESC))[1],
              min(answered_at), max(answered_at)
            FROM ratings WHERE site_id = \(siteID) AND item = ANY(\(items)) AND NOT skipped AND value IS NOT NULL
              AND (\(participants == nil) OR participant = ANY(\(participants ?? [])))
            GROUP BY participant, item ORDER BY participant, item
            """, logger: logger
        ).collect().map { row in
            let (participant, item, first, last, firstAt, lastAt) = try row.decode(
                (String, String, Double, Double, Date, Date).self)
            return (participant, item, first, last, firstAt, lastAt)
        }
    }

    /// One page of the participants of `sites` (their summary rows, StudyDatabase+Summaries) at `now`: filtered,
    /// sorted and counted in PostgreSQL over one row per participant, and only the rows shown read whole. What
    /// depends on the day (due, missed, due next) is PlanSchedule's for the rows shown; the filter and the order by
    /// missed sessions use `plan_sessions_opened`, the same rule in SQL. `page` past the last shows the last.
    public func participantsPage(
        sites: [String], plan: String?, state: ParticipantTableState, sort: ParticipantTableSort, descending: Bool,
        page: Int, perPage: Int, now: Date
    ) async throws -> (rows: [ParticipantTableRow], total: Int, page: Int, planNames: [String]) {
        // The day's columns and the newest last sync of the participant's machines (kept on each machine's row,
        // migration 63), over the summary rows of the sites; NOT MATERIALIZED, so the count reads the rows alone and
        // only the rows shown have their columns computed. Every statement also gives the sites' plan names (the
        // filter's choices).
        let condition = state.condition
        let head = """
            (SELECT count(*)::int FROM listed WHERE \(condition)),
            array(SELECT plan_name FROM participant_summaries WHERE site_id IN (SELECT id FROM chosen)
              AND plan_name IS NOT NULL GROUP BY plan_name ORDER BY plan_name COLLATE "C")
            """
        func listed(_ rest: String) -> PostgresQuery {
            """
            WITH chosen AS (SELECT id, name FROM sites WHERE name = ANY(\(sites))),
            listed AS NOT MATERIALIZED (
              SELECT p.*, c.name AS site,
                CASE WHEN p.plan_name IS NULL THEN p.completed ELSE p.plan_done END AS done,
                CASE WHEN p.plan_name IS NOT NULL THEN greatest(0, least(plan_sessions_opened(p.plan_assigned_at,
                  p.plan_per_week, p.plan_total, \(now)) - 1, p.plan_total) - p.plan_done) END AS missed,
                (SELECT max(d.last_sync_at) FROM devices d WHERE d.id = ANY(p.devices)) AS last_sync
              FROM participant_summaries p JOIN chosen c ON c.id = p.site_id
              WHERE \(plan)::text IS NULL OR p.plan_name = \(plan)::text)
            SELECT \(unescaped: head) \(unescaped: rest)
            """
        }
        let direction = descending ? "DESC" : "ASC"
        // The count, the plan names and the page's rows in one statement (each row carries the first two); a page
        // past the last, or no participant at all, returns no row, and only then are the first two asked alone.
        func pageRows(_ number: Int) async throws -> [PostgresRow] {
            try await rows(
                listed(
                    """
                    , site, participant, done, sessions, last_session_at, plan_done, plan_in_progress,
                    first_week_deviation, last_week_deviation, threshold, first_loudness, last_loudness, last_sync,
                    (SELECT ARRAY[p.version::text, p.source, p.plan::text, p.file] FROM plans p
                     WHERE p.device_id = listed.plan_device AND p.file = listed.plan_file),
                    (SELECT p.assigned_at FROM plans p WHERE p.device_id = listed.plan_device AND p.file = listed.plan_file)
                    FROM listed WHERE \(condition)
                    ORDER BY \(sort.expression) \(direction) NULLS LAST, site COLLATE "C", participant COLLATE "C"
                    LIMIT \(perPage) OFFSET \((max(1, number) - 1) * perPage)
                    """))
        }
        var shownPage = page
        var found = try await pageRows(page)
        var total = 0
        var planNames: [String] = []
        if found.isEmpty {
            (total, planNames) = try await rows(listed("")).one("the participants' count").decode((Int, [String]).self)
            let last = max(1, (total + perPage - 1) / perPage)
            if page > last {
                shownPage = last
                found = total > 0 ? try await pageRows(last) : []
            }
        }
        var shown: [ParticipantTableRow] = []
        for row in found {
            let (
                count, plans, site, participant, done, sessions, lastSession, planDone, inProgress, firstWeek,
                lastWeek, threshold, firstLoudness, lastLoudness, lastSync, planColumns, assignedAt
            ) = try row.decode(
                (
                    Int, [String], String, String, Int, Int, Date?, Int?, String?, Double?, Double?, Double?, Double?,
                    Double?,
                    Date?,
                    [String]?, Date?
                ).self)
            (total, planNames) = (count, plans)
            var entry = ParticipantTableRow(
                site: site, participant: participant, plan: nil, planName: nil, done: done, due: nil, missed: nil,
                dueNext: "", allDone: false, sessions: sessions, lastSession: lastSession,
                firstWeekDeviation: firstWeek, lastWeekDeviation: lastWeek, threshold: threshold,
                firstLoudness: firstLoudness, lastLoudness: lastLoudness, lastSync: lastSync)
            if let columns = planColumns, columns.count == 4, let version = Int(columns[0]), let assignedAt {
                let assigned = try Self.assignedPlan(version, assignedAt, columns[1], columns[2], columns[3])
                let schedule = PlanSchedule(
                    assigned: assigned, done: planDone ?? 0, inProgress: inProgress, today: now)
                entry.plan = "\(assigned.plan.name) v\(assigned.version)"
                entry.planName = assigned.plan.name
                entry.done = schedule.done
                entry.due = schedule.opened
                entry.missed = schedule.missed
                entry.dueNext = schedule.dueNext
                entry.schedule = schedule
                entry.allDone = schedule.allDone
            }
            shown.append(entry)
        }
        return (shown, total, shownPage, planNames)
    }

    /// Every participant of `site` as a table row at `now`, in the table's first order.
    public func participantTable(site: String, now: Date) async throws -> [ParticipantTableRow] {
        try await participantsPage(
            sites: [site], plan: nil, state: .all, sort: .participant, descending: false, page: 1,
            perPage: 1_000_000, now: now
        ).rows
    }
}

/// The columns the participants table sorts by (so no column name comes from a request), as SQL over its rows;
/// a missing value sorts after every value, whichever the direction.
public enum ParticipantTableSort: String, CaseIterable, Sendable {
    case participant, site, plan, done, missed, last, deviation, threshold, ratings, sync

    var expression: String {
        switch self {
        case .participant: return "participant COLLATE \"C\""
        case .site: return "site COLLATE \"C\""
        case .plan: return "(plan_name || ' v' || plan_version) COLLATE \"C\""
        case .done: return "done"
        case .missed: return "missed"
        case .last: return "last_session_at"
        case .deviation: return "last_week_deviation"
        case .threshold: return "threshold"
        case .ratings: return "last_loudness - first_loudness"
        case .sync: return "last_sync"
        }
    }
}

/// The plan states the participants table filters by, as SQL over its rows.
public enum ParticipantTableState: String, CaseIterable, Sendable {
    case all, behind
    case onTrack = "on-track"
    case finished
    case noPlan = "no-plan"

    var condition: String {
        switch self {
        case .all: return "true"
        case .behind: return "missed > 0"
        case .onTrack: return "plan_name IS NOT NULL AND missed = 0 AND plan_done < plan_total"
        case .finished: return "plan_name IS NOT NULL AND plan_done >= plan_total"
        case .noPlan: return "plan_name IS NULL"
        }
    }
}
