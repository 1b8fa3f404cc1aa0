// The participants table's rows across sites: plan adherence, progress medians, staircase threshold, ratings, last sync.
import Foundation
import PostgresNIO
import StudyRecords
import TidyFormats

extension Migrations {
    /// The dashboard's live, report and table migrations, numbered from 60.
    static let dashboardTable: [Migration] = [
        Migration(
            version: 60, name: "dashboard: session summaries (SessionSummary of each session's trials, a cache)",
            statements: [
                // Derived, never edited: recomputed from the trials by SessionSummary whenever a session's
                // trial_count differs from the count it was computed from.
                """
                CREATE TABLE session_summaries (session_id text PRIMARY KEY, trial_count int NOT NULL,
                  photos int NOT NULL, median_abs_deviation_deg float8, median_time_s float8, reversal_rate float8,
                  staircase_threshold float8)
                """
            ]),
        Migration(
            version: 61, name: "dashboard: each machine's last sync from an index",
            statements: [
                // The overview and the participants table ask every page for each machine's newest item: with a
                // million items, a scan per page; with this index, one step per machine.
                "CREATE INDEX sync_items_received ON sync_items (device_id, received_at)"
            ]),
    ]
}

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
    func currentPlans(siteID: Int) async throws -> [String: AssignedPlan] {
        var plans: [String: AssignedPlan] = [:]
        for row in try await rows(
            """
            SELECT DISTINCT ON (participant) participant, file, version, assigned_at, source, plan::text
            FROM plans WHERE site_id = \(siteID) ORDER BY participant, assigned_at DESC, version DESC
            """)
        {
            let (participant, file, version, assignedAt, source, plan) = try row.decode(
                (String, String, Int, Date, String, String).self)
            let json = try JSONDecoder().decode(JSONValue.self, from: Data(plan.utf8))
            plans[participant] = try AssignedPlan(
                version: version, assignedAt: assignedAt, source: source, planJSON: json,
                url: URL(fileURLWithPath: file))
        }
        return plans
    }

    /// Each participant's first and newest answered rating of `item` (ties by file and record).
    func ratingChanges(siteID: Int, items: [String]) async throws -> [(
        participant: String, item: String, first: Double, last: Double, firstAt: Date, lastAt: Date
    )] {
        try await rows(
            """
            SELECT participant, item,
              (array_agg(value ORDER BY answered_at, file, record))[1],
              (array_agg(value ORDER BY answered_at DESC, file DESC, record DESC))[1],
              min(answered_at), max(answered_at)
            FROM ratings WHERE site_id = \(siteID) AND item = ANY(\(items)) AND NOT skipped AND value IS NOT NULL
            GROUP BY participant, item ORDER BY participant, item
            """
        ).map { row in
            let (participant, item, first, last, firstAt, lastAt) = try row.decode(
                (String, String, Double, Double, Date, Date).self)
            return (participant, item, first, last, firstAt, lastAt)
        }
    }

    /// Computes (with SessionSummary, from the trials) the summaries of the site's sessions that have none or
    /// whose trials changed since, and stores them.
    func refreshSessionSummaries(siteID: Int) async throws {
        let stale = try await rows(
            """
            SELECT s.session_id, s.trial_count FROM sessions s
            LEFT JOIN session_summaries m ON m.session_id = s.session_id
            WHERE s.site_id = \(siteID) AND (m.session_id IS NULL OR m.trial_count <> s.trial_count)
            """
        ).map { try $0.decode((String, Int).self) }
        // In bounded batches: a site synced for the first time may hold a million trials.
        for batch in stride(from: 0, to: stale.count, by: 500).map({ stale[$0..<min($0 + 500, stale.count)] }) {
            var accumulators: [String: SessionSummary.Accumulator] = [:]
            for row in try await rows(
                """
                SELECT session_id, abs_deviation_deg, time_s, front_back_reversal,
                  CASE WHEN staircase_reversal THEN difficulty_value END, coalesce(plan, '')
                FROM trials WHERE session_id = ANY(\(batch.map(\.0))) ORDER BY session_id, trial
                """)
            {
                let (id, deviation, time, reversal, reversalValue, plan) = try row.decode(
                    (String, Double?, Double?, Bool, Double?, String).self)
                guard let deviation, let time else { continue }
                accumulators[id, default: SessionSummary.Accumulator()].add(
                    absDeviationDeg: deviation, timeSeconds: time, reversal: reversal,
                    staircaseReversalValue: reversalValue, plan: plan)
            }
            var ids: [String] = []
            var counts: [Int] = []
            var photos: [Int] = []
            // NaN for "none" (PostgresNIO binds no array of optionals), NULL again in the statement.
            var deviations: [Double] = []
            var times: [Double] = []
            var rates: [Double] = []
            var thresholds: [Double] = []
            for (id, count) in batch {
                let summary = accumulators[id].map { $0.summary() }
                ids.append(id)
                counts.append(count)
                photos.append(summary?.photos ?? 0)
                deviations.append(summary?.medianAbsDeviationDeg ?? .nan)
                times.append(summary?.medianTimeSeconds ?? .nan)
                rates.append(summary?.reversalRate ?? .nan)
                thresholds.append(summary?.staircaseThreshold ?? .nan)
            }
            try await execute(
                """
                INSERT INTO session_summaries (session_id, trial_count, photos, median_abs_deviation_deg,
                  median_time_s, reversal_rate, staircase_threshold)
                SELECT id, n, photos, nullif(d, 'NaN'), nullif(t, 'NaN'), nullif(r, 'NaN'), nullif(h, 'NaN')
                FROM unnest(\(ids)::text[], \(counts)::int[], \(photos)::int[], \(deviations)::float8[],
                  \(times)::float8[], \(rates)::float8[], \(thresholds)::float8[]) AS u(id, n, photos, d, t, r, h)
                ON CONFLICT (session_id) DO UPDATE SET trial_count = excluded.trial_count, photos = excluded.photos,
                  median_abs_deviation_deg = excluded.median_abs_deviation_deg,
                  median_time_s = excluded.median_time_s, reversal_rate = excluded.reversal_rate,
                  staircase_threshold = excluded.staircase_threshold
                """)
        }
    }

    /// Every participant of `site` (registered or with a session) as a table row at `now`. The plan columns are
    /// PlanSchedule's (the one adherence rule, counting `SessionRecord.countsAsDone`), the medians SessionSummary's.
    public func participantTable(site: String, now: Date) async throws -> [ParticipantTableRow] {
        guard let siteID = try await siteID(site) else { return [] }
        try await refreshSessionSummaries(siteID: siteID)
        let plans = try await currentPlans(siteID: siteID)
        let lastSync = try await devicesWithLastSync(site: site).reduce(into: [UUID: Date]()) {
            if let last = $1.lastSync { $0[$1.device.id] = last }
        }
        struct Session {
            var entry: PlanSchedule.Entry
            var started: Date
            var completed: Bool
            var device: UUID
            var deviation: Double?
            var threshold: Double?
        }
        var sessions: [String: [Session]] = [:]
        for row in try await rows(
            """
            SELECT s.participant, s.session_id, s.started_at, s.completed, s.ended_by, s.plan_name, s.plan_version,
              s.plan_session, s.plan_total_sessions, s.device_id, m.median_abs_deviation_deg, m.staircase_threshold
            FROM sessions s LEFT JOIN session_summaries m ON m.session_id = s.session_id
            WHERE s.site_id = \(siteID) ORDER BY s.participant, s.started_at, s.session_id
            """)
        {
            let (
                participant, id, started, completed, endedBy, planName, planVersion, planSession, planTotal, device,
                deviation, threshold
            ) = try row.decode(
                (String, String, Date, Bool, String?, String?, Int?, Int?, Int?, UUID, Double?, Double?).self)
            let plan = planName.map {
                PlanReference(
                    name: $0, version: planVersion ?? 0, session: planSession ?? 0, totalSessions: planTotal ?? 0)
            }
            sessions[participant, default: []].append(
                Session(
                    entry: PlanSchedule.Entry(
                        sessionID: id, plan: plan,
                        countsAsDone: SessionRecord.countsAsDone(completed: completed, endedByText: endedBy)),
                    started: started, completed: completed, device: device, deviation: deviation,
                    threshold: threshold))
        }
        let loudness = try await ratingChanges(siteID: siteID, items: ["tinnitus_loudness"]).reduce(
            into: [String: (Double, Double)]()
        ) { $0[$1.participant] = ($1.first, $1.last) }
        let registered = try await rows(
            "SELECT participant FROM participants WHERE site_id = \(siteID)"
        ).map { try $0.decode(String.self) }
        let week = 7 * 86_400.0
        return Set(registered).union(sessions.keys).union(plans.keys).sorted().map { participant in
            let own = sessions[participant] ?? []
            var row = ParticipantTableRow(
                site: site, participant: participant, plan: nil, planName: nil,
                done: own.filter(\.completed).count, due: nil, missed: nil, dueNext: "", allDone: false,
                sessions: own.count, lastSession: own.last?.started)
            if let assigned = plans[participant] {
                let schedule = PlanSchedule.of(assigned, entries: own.map(\.entry), today: now)
                row.plan = "\(assigned.plan.name) v\(assigned.version)"
                row.planName = assigned.plan.name
                row.done = schedule.done
                row.due = schedule.opened
                row.missed = schedule.missed
                row.dueNext = schedule.dueNext
                row.allDone = schedule.allDone
            }
            if let first = own.first?.started, let last = own.last?.started {
                let median = { (picked: [Session]) -> Double? in
                    let values = picked.compactMap(\.deviation)
                    return values.isEmpty ? nil : SessionSummary.median(values)
                }
                row.firstWeekDeviation = median(own.filter { $0.started < first.addingTimeInterval(week) })
                row.lastWeekDeviation = median(own.filter { $0.started > last.addingTimeInterval(-week) })
            }
            row.threshold = own.last { $0.threshold != nil }?.threshold
            row.firstLoudness = loudness[participant]?.0
            row.lastLoudness = loudness[participant]?.1
            row.lastSync = Set(own.map(\.device)).compactMap { lastSync[$0] }.max()
            return row
        }
    }
}
