// The dashboard's site reads in PostgreSQL: the projection tables and the kept summaries (StudyDatabase+Summaries
// writes them at ingest), a site's live sessions and the states the alerts judge.
import Foundation
import Localization
import Logging
import PostgresNIO
import StudyRecords
import TidyFormats

struct PostgresDashboard: DashboardRepository, PostgresRepository {
    let database: StudyDatabase

    init(database: StudyDatabase) {
        self.database = database
    }

    func siteID(_ name: String) async throws -> Int? {
        try await database.siteID(name)
    }

    /// PostgreSQL so that a site of thousands sends one page.
    public func participants(site: String, order: StudyDatabase.ParticipantOrder, offset: Int, limit: Int) async throws
        -> (rows: [StudyDatabase.ParticipantListing], total: Int)
    {
        guard let siteID = try await siteID(site) else { return ([], 0) }
        let found = try await rows(
            """
            WITH p AS (SELECT participant FROM participants WHERE site_id = \(siteID)
                       UNION SELECT participant FROM sessions WHERE site_id = \(siteID))
            SELECT p.participant, count(s.session_id) FILTER (WHERE s.completed), count(s.session_id),
              coalesce(sum(s.trial_count), 0)::int, max(s.started_at),
              (SELECT pl.name FROM plans pl WHERE pl.site_id = \(siteID) AND pl.participant = p.participant
               ORDER BY pl.assigned_at DESC LIMIT 1),
              count(*) OVER ()
            FROM p LEFT JOIN sessions s ON s.site_id = \(siteID) AND s.participant = p.participant
            GROUP BY p.participant ORDER BY \(unescaped: order.sql) LIMIT \(limit) OFFSET \(offset)
            """)
        var total = 0
        let listing = try found.map { row in
            let (participant, completed, started, trials, last, plan, count) = try row.decode(
                (String, Int, Int, Int, Date?, String?, Int).self)
            total = count
            return StudyDatabase.ParticipantListing(
                participant: participant, sessionsCompleted: completed, sessionsStarted: started, trials: trials,
                lastSession: last, plan: plan)
        }
        if listing.isEmpty && offset > 0 {
            total = try await participants(site: site, order: order, offset: 0, limit: 1).total
        }
        return (listing, total)
    }

    /// A site's participants (registered or with a session) and its sessions started this week (from Monday, UTC).
    public func siteCounts(site: String) async throws -> (participants: Int, sessionsThisWeek: Int) {
        guard let siteID = try await siteID(site) else { return (0, 0) }
        let row = try await rows(
            """
            SELECT (SELECT count(*)::int FROM (SELECT participant FROM participants WHERE site_id = \(siteID)
                      UNION SELECT participant FROM sessions WHERE site_id = \(siteID)) p),
                   (SELECT count(*)::int FROM sessions WHERE site_id = \(siteID)
                      AND started_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
            """
        ).one("the site's counts")
        return try row.decode((Int, Int).self)
    }

    /// Each participant's first and newest answered rating of `item` (ties by file and record).
    func ratingChanges(siteID: Int, items: [String]) async throws -> [StudyDatabase.RatingChange] {
        try await withConnection { connection in
            try await StudyDatabase.ratingChanges(
                siteID: siteID, items: items, participants: nil, on: connection, logger: logger)
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
                    plan_device, plan_file, plan_version, plan_assigned_at
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
        // The rows' plans: read from `plans` only the first time the process shows each (StudyDatabase.storedPlans).
        typealias Columns = (
            Int, [String], String, String, Int, Int, Date?, Int?, String?, Double?, Double?, Double?, Double?, Double?,
            Date?, UUID?, String?, Int?, Date?
        )
        let decoded = try found.map { try $0.decode(Columns.self) }
        func planKey(_ row: Columns) -> StudyDatabase.StoredPlanKey? {
            guard let device = row.15, let file = row.16, let version = row.17, let assignedAt = row.18 else {
                return nil
            }
            return StudyDatabase.StoredPlanKey(device: device, file: file, version: version, assignedAt: assignedAt)
        }
        let keys = Set(decoded.compactMap(planKey))
        let stored = try await StudyDatabase.storedPlans(keys, reading: rows)
        var shown: [ParticipantTableRow] = []
        for row in decoded {
            let (
                count, plans, site, participant, done, sessions, lastSession, planDone, inProgress, firstWeek,
                lastWeek, threshold, firstLoudness, lastLoudness, lastSync
            ) = (
                row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11, row.12, row.13,
                row.14
            )
            (total, planNames) = (count, plans)
            var entry = ParticipantTableRow(
                site: site, participant: participant, plan: nil, planName: nil, done: done, due: nil, missed: nil,
                dueNext: "", allDone: false, sessions: sessions, lastSession: lastSession,
                firstWeekDeviation: firstWeek, lastWeekDeviation: lastWeek, threshold: threshold,
                firstLoudness: firstLoudness, lastLoudness: lastLoudness, lastSync: lastSync)
            if let key = planKey(row), let assigned = stored[key] {
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

    /// How long after its end a session stays on the live page, and how long an unended one may be old.
    static let liveAfterEndSeconds = 600
    static let liveHours = 12
    /// Rows shown per session (the newest).
    static let liveRows = 60

    /// The site's live sessions: started in the last 12 hours and not ended, or ended in the last 10 minutes;
    /// newest first, each with its newest rows, newest first (the row just taken on top, where a supervisor looks).
    /// Times are written in `catalog`'s language: the page and live.js show them as they are.
    func liveSessions(site: String, catalog: MessageCatalog) async throws -> [LiveSession] {
        guard let siteID = try await siteID(site) else { return [] }
        var sessions: [LiveSession] = []
        var index: [String: Int] = [:]
        for row in try await rows(
            """
            SELECT s.session_id, s.participant, s.started_at, s.ended_at, d.name,
              (SELECT count(*)::int FROM trials t WHERE t.session_id = s.session_id)
            FROM sessions s JOIN devices d ON d.id = s.device_id
            WHERE s.site_id = \(siteID) AND s.started_at > now() - \(Self.liveHours) * interval '1 hour'
              AND (s.ended_at IS NULL OR s.ended_at > now() - \(Self.liveAfterEndSeconds) * interval '1 second')
            ORDER BY s.started_at DESC, s.session_id LIMIT 20
            """)
        {
            let (id, participant, started, ended, machine, count) = try row.decode(
                (String, String, Date, Date?, String, Int).self)
            index[id] = sessions.count
            sessions.append(
                LiveSession(
                    session: id, participant: participant, started: catalog.time(started),
                    ended: ended.map { catalog.time($0) }, machine: machine, trials: count, rows: []))
        }
        guard !sessions.isEmpty else { return [] }
        for row in try await rows(
            """
            SELECT session_id, trial, round, target, condition, target_bearing_deg, aim_bearing_deg, deviation_deg,
              time_s, hit, shot_at
            FROM (SELECT t.*, row_number() OVER (PARTITION BY session_id ORDER BY trial DESC) AS newest
                  FROM trials t WHERE t.session_id = ANY(\(Array(index.keys)))) t
            WHERE newest <= \(Self.liveRows) ORDER BY session_id, trial DESC
            """)
        {
            let (id, trial, round, target, condition, targetDeg, aimDeg, deviation, time, hit, shotAt) =
                try row.decode(
                    (String, Int, Int, String, String, Double?, Double?, Double?, Double?, Bool?, Date).self)
            guard let at = index[id] else { continue }
            sessions[at].rows.append(
                LiveSession.Row(
                    trial: trial, round: round, target: target, condition: condition, targetDeg: targetDeg,
                    aimDeg: aimDeg, deviationDeg: deviation, timeS: time, hit: hit,
                    shotAt: catalog.time(shotAt)))
        }
        return sessions
    }

    /// The site's sessions started after `since`, each participant's in start order. Only a session whose
    /// `headphone_check` column (its list's last result, projected at ingest) is set has a list, so only those
    /// states are opened: reading the list out of every state took 20–100 ms of the overview's 6,000 sessions.
    func recentSessions(siteID: Int, since: Date) async throws -> [StudyDatabase.RecentSession] {
        try await rows(
            """
            SELECT participant, file, session_id, input, started_at, dose_fraction,
              CASE WHEN headphone_check IS NOT NULL THEN (state -> 'headphone_check')::text END
            FROM sessions WHERE site_id = \(siteID) AND started_at > \(since)
            ORDER BY participant, started_at, session_id
            """
        ).map {
            let (participant, file, id, input, started, dose, checks) = try $0.decode(
                (String, String, String, String, Date, Double?, String?).self)
            return StudyDatabase.RecentSession(
                participant: participant, file: file,
                dose: WeekDose.Entry(sessionID: id, input: input, startedAt: started, doseFraction: dose),
                headphoneChecks: checks)
        }
    }
}
