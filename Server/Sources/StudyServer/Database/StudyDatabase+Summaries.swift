// The dashboard's summaries, kept in the transaction that stores what they summarise: each session's SessionSummary
// and one row per participant, so the participants table sorts, filters and paginates in PostgreSQL.
import Foundation
import Localization
import Logging
import PostgresNIO
import StudyRecords
import Synchronization
import TidyFormats

extension StudyDatabase {
    /// The summaries of what a batch's newly stored items touch, in the batch's transaction (`store` calls it after
    /// the projection, with the items it projected), so a summary never disagrees with the rows it summarises.
    static func summarise(
        _ decoded: DecodedItems, file: String, first: Int, inserted: Set<Int>, siteID: Int,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !inserted.isEmpty else { return }
        func fresh<Record>(_ records: [Record]) -> [Record] {
            records.enumerated().filter { inserted.contains(first + $0.offset) }.map(\.element)
        }
        var participants: Set<String>
        var sessions: [String] = []
        switch decoded {
        case .participants(let records):
            participants = Set(fresh(records).map(\.participant.value))
        case .trials(let rows):
            let rows = fresh(rows)
            sessions = Array(Set(rows.map(\.sessionID))).sorted()
            // A session's summary counts for the participant its session.json names too (read with the lock).
            participants = Set(rows.map(\.participant))
        case .ratings(let rows):
            participants = Set(fresh(rows).map(\.participant))
        case .session(let record):
            participants = [record.participant]
        case .plan:
            participants = Set(participant(of: file).map { [$0] } ?? [])
        case .profile, .questionnaires, .diary, .messages, .hrtfChoice, .tracker, .picture:
            return
        }
        guard !participants.isEmpty else { return }
        // Two batches of one participant (from two machines) at once: the second waits here until the first has
        // committed, then reads both, so neither writes a summary that misses the other's rows. Locked in key
        // order, so two batches never wait for each other (a key locked twice by one transaction is held once).
        let locked = try await connection.query(
            """
            SELECT x.p, pg_advisory_xact_lock(2462, x.k)::text FROM (
              SELECT u.p, hashtext(\(siteID)::text || '/' || u.p) AS k FROM (
                SELECT unnest(\(participants.sorted())::text[]) AS p
                UNION SELECT participant FROM sessions WHERE session_id = ANY(\(sessions))) AS u
              ORDER BY k, u.p) AS x
            """, logger: logger
        ).collect().map { try $0.decode((String, String).self).0 }
        var written: SessionSummaries?
        if !sessions.isEmpty {
            let (counts, summaries) = try await sessionSummaries(sessions, on: connection, logger: logger)
            written = SessionSummaries(sessions: sessions, counts: counts, summaries: summaries)
        }
        try await refreshParticipantSummaries(
            siteID: siteID, participants: Array(Set(locked)).sorted(), writing: written, on: connection,
            logger: logger)
    }

    /// The summaries of some sessions, computed (`sessionSummaries`) and to be stored: a session without trial rows
    /// has none (its row holds NULLs and 0).
    struct SessionSummaries {
        var sessions: [String] = []
        var counts: [String: Int] = [:]
        var summaries: [String: SessionSummary] = [:]

        /// The columns as `session_summaries` holds them, NaN for NULL (PostgresNIO binds no array of optionals).
        var columns:
            (
                counts: [Int], photos: [Int], deviation: [Double], time: [Double], reversal: [Double],
                threshold: [Double], plan: [String], skipped: [Int]
            )
        {
            let rows = sessions.map { summaries[$0] }
            return (
                sessions.map { counts[$0] ?? 0 }, rows.map { $0?.photos ?? 0 },
                rows.map { $0?.medianAbsDeviationDeg ?? .nan }, rows.map { $0?.medianTimeSeconds ?? .nan },
                rows.map { $0?.reversalRate ?? .nan }, rows.map { $0?.staircaseThreshold ?? .nan },
                rows.map { $0?.plan ?? "" }, rows.map { $0?.skipped ?? 0 }
            )
        }

        /// A session's median deviation and threshold as read back from `session_summaries` once stored (NaN is
        /// NULL there), or nil when `session` is not one of these.
        func stored(_ session: String) -> (deviation: Double?, threshold: Double?)? {
            guard sessions.contains(session) else { return nil }
            let summary = summaries[session]
            func value(_ number: Double?) -> Double? { number.flatMap { $0.isNaN ? nil : $0 } }
            return (value(summary?.medianAbsDeviationDeg), value(summary?.staircaseThreshold))
        }
    }

    /// Computes the summaries of `sessions` (SessionSummary over each one's trials, as the server holds them) and
    /// stores them.
    static func refreshSessionSummaries(
        _ sessions: [String], on connection: PostgresConnection, logger: Logger
    ) async throws {
        // In bounded batches: a backfill may hold a million trials.
        for batch in stride(from: 0, to: sessions.count, by: 500).map({
            Array(sessions[$0..<min($0 + 500, sessions.count)])
        }) {
            let (counts, computed) = try await sessionSummaries(batch, on: connection, logger: logger)
            try await storeSummaries(
                SessionSummaries(sessions: batch, counts: counts, summaries: computed), ParticipantSummaries(),
                siteID: 0, on: connection, logger: logger)
        }
    }

    /// SessionSummary of each of `sessions` over its trials as the server holds them, with the number of trial rows
    /// read (a session without rows has neither): the one computation the kept summaries and a participant's page use.
    static func sessionSummaries(
        _ sessions: [String], on connection: PostgresConnection, logger: Logger
    ) async throws -> (counts: [String: Int], summaries: [String: SessionSummary]) {
        var accumulators: [String: SessionSummary.Accumulator] = [:]
        var counts: [String: Int] = [:]
        for row in try await connection.query(
            """
            SELECT session_id, abs_deviation_deg, time_s, front_back_reversal,
              CASE WHEN staircase_reversal THEN difficulty_value END, coalesce(plan, ''), skipped
            FROM trials WHERE session_id = ANY(\(sessions)) ORDER BY session_id, trial
            """, logger: logger
        ).collect() {
            let (id, deviation, time, reversal, reversalValue, plan, skipped) = try row.decode(
                (String, Double?, Double?, Bool, Double?, String, Bool).self)
            counts[id, default: 0] += 1
            // A skipped animal is no photo: SessionSummary counts it apart, as the analyzer and the game do.
            guard skipped || (deviation != nil && time != nil) else { continue }
            accumulators[id, default: SessionSummary.Accumulator()].add(
                absDeviationDeg: deviation ?? .nan, timeSeconds: time ?? .nan, reversal: reversal,
                staircaseReversalValue: reversalValue, plan: plan, skipped: skipped)
        }
        return (counts, accumulators.mapValues { $0.summary() })
    }

    /// Each participant's (of `participants`, or all) current plan at a site: the newest assignment a machine of
    /// the site sent. One prescription applied on several machines is one assignment (`PlanCopies`): it is as new
    /// as its first application, and its copy on the machine that applied it first is the current plan.
    static func currentPlans(
        siteID: Int, participants: [String]?, on connection: PostgresConnection, logger: Logger
    ) async throws -> [String: CurrentPlan] {
        var files: [String: [PlanCopies.File]] = [:]
        var texts: [PlanCopies.File: String] = [:]
        for row in try await connection.query(
            """
            SELECT participant, device_id, file, version, name, assigned_at, source, plan::text
            FROM plans WHERE site_id = \(siteID) AND (\(participants == nil) OR participant = ANY(\(participants ?? [])))
            """, logger: logger
        ).collect() {
            let (participant, device, file, version, name, assignedAt, source, plan) = try row.decode(
                (String, UUID, String, Int, String, Date, String, String).self)
            let stored = PlanCopies.File(
                device: device, file: file, version: version, name: name, assignedAt: assignedAt, source: source)
            files[participant, default: []].append(stored)
            texts[stored] = plan
        }
        var plans: [String: CurrentPlan] = [:]
        for (participant, list) in files {
            guard let copies = PlanCopies.current(of: list), let text = texts[copies.current] else { continue }
            let current = copies.current
            plans[participant] = CurrentPlan(
                device: current.device, file: current.file,
                plan: try assignedPlan(current.version, current.assignedAt, current.source, text, current.file),
                copies: copies)
        }
        return plans
    }

    /// A stored plan read back as the game's `AssignedPlan`. Reading one (its JSON, then the plan's strict checks)
    /// takes most of a millisecond and a page shows 50, so each distinct stored plan is read once per process: the
    /// key is every column it is made of, so an equal key is an equal plan.
    static func assignedPlan(
        _ version: Int, _ assignedAt: Date, _ source: String, _ plan: String, _ file: String
    ) throws -> AssignedPlan {
        let key = PlanKey(version: version, assignedAt: assignedAt, source: source, plan: plan, file: file)
        if let known = readPlans.withLock({ $0[key] }) { return known }
        let assigned = try AssignedPlan(
            version: version, assignedAt: assignedAt, source: source,
            planJSON: try JSONDecoder().decode(JSONValue.self, from: Data(plan.utf8)),
            url: URL(fileURLWithPath: file))
        readPlans.withLock { plans in
            // Bounded: a study's plans are few; past the bound the cache starts again.
            if plans.count >= 4_096 { plans.removeAll() }
            plans[key] = assigned
        }
        return assigned
    }

    struct PlanKey: Hashable {
        var version: Int
        var assignedAt: Date
        var source: String
        var plan: String
        var file: String
    }

    private static let readPlans = Mutex<[PlanKey: AssignedPlan]>([:])

    /// A plan file as the participants table names it: its row of `plans` and the version and assignment time the
    /// summary row copied from that row.
    struct StoredPlanKey: Hashable, Sendable {
        var device: UUID
        var file: String
        var version: Int
        var assignedAt: Date
    }

    /// The stored plans `keys` name, read as `AssignedPlan`s. A row of `plans` is written once (ingest inserts it
    /// `ON CONFLICT DO NOTHING`: a machine writes a new plan file, never a plan file again), so a plan held here is
    /// the row's and is not read again: a page of the participants table reads no plan JSON once it has been shown
    /// (its JSON, 1 kB a plan, was half of that page's SQL time). A held plan is used only while the summary row names
    /// the version and assignment time it was read with; otherwise the row is read again.
    static func storedPlans(
        _ keys: Set<StoredPlanKey>, reading rows: (PostgresQuery) async throws -> [PostgresRow]
    ) async throws -> [StoredPlanKey: AssignedPlan] {
        var found = heldPlans.withLock { held in
            keys.reduce(into: [StoredPlanKey: AssignedPlan]()) { $0[$1] = held[$1] }
        }
        let missing = keys.filter { found[$0] == nil }
        guard !missing.isEmpty else { return found }
        for row in try await rows(
            """
            SELECT device_id, file, version, assigned_at, source, plan::text FROM plans
            WHERE (device_id, file) IN (SELECT * FROM unnest(\(missing.map(\.device))::uuid[], \(missing.map(\.file))::text[]))
            """
        ) {
            let (device, file, version, assignedAt, source, text) = try row.decode(
                (UUID, String, Int, Date, String, String).self)
            let key = StoredPlanKey(device: device, file: file, version: version, assignedAt: assignedAt)
            let plan = try assignedPlan(version, assignedAt, source, text, file)
            // The row is the truth: a summary row that names another version still shows the stored plan.
            for asked in missing where asked.device == device && asked.file == file { found[asked] = plan }
            heldPlans.withLock { held in
                // Bounded as `readPlans`: past the bound the cache starts again.
                if held.count >= 4_096 { held.removeAll() }
                held[key] = plan
            }
        }
        return found
    }

    private static let heldPlans = Mutex<[StoredPlanKey: AssignedPlan]>([:])

    /// Recomputes the summary rows of `participants` of a site from the projection tables: plan adherence by
    /// PlanSchedule (what is done and in progress; what is due or missed depends on the day and is worked out when
    /// the table is read), the medians of SessionSummary's session medians of the first and last 7 days of sessions,
    /// the newest session's staircase threshold, `tinnitus_loudness` first and newest. A participant with no
    /// registration, session or plan has no row.
    /// `writing`: session summaries just computed, stored in the same statement as the participants' rows (which
    /// read them as stored).
    static func refreshParticipantSummaries(
        siteID: Int, participants: [String], writing: SessionSummaries? = nil, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        struct Session {
            var entry: PlanSchedule.Entry
            var started: Date
            var completed: Bool
            var deviation: Double?
            var threshold: Double?
        }
        let plans = try await currentPlans(
            siteID: siteID, participants: participants, on: connection, logger: logger)
        var sessions: [String: [Session]] = [:]
        for row in try await connection.query(
            """
            SELECT s.participant, s.session_id, s.started_at, s.completed, s.ended_by, s.plan_name, s.plan_version,
              s.plan_session, s.plan_total_sessions, m.median_abs_deviation_deg, m.staircase_threshold, s.device_id
            FROM sessions s LEFT JOIN session_summaries m ON m.session_id = s.session_id
            WHERE s.site_id = \(siteID) AND s.participant = ANY(\(participants))
            ORDER BY s.participant, s.started_at, s.session_id
            """, logger: logger
        ).collect() {
            let (
                participant, id, started, completed, endedBy, planName, planVersion, planSession, planTotal,
                deviation, threshold, device
            ) = try row.decode(
                (String, String, Date, Bool, String?, String?, Int?, Int?, Int?, Double?, Double?, UUID).self)
            let kept = writing?.stored(id)
            let plan = planName.map {
                PlanReference(
                    name: $0, version: planVersion ?? 0, session: planSession ?? 0, totalSessions: planTotal ?? 0)
            }
            let entry = PlanSchedule.Entry(
                sessionID: id, plan: plan,
                countsAsDone: SessionRecord.countsAsDone(completed: completed, endedByText: endedBy))
            sessions[participant, default: []].append(
                Session(
                    entry: plans[participant]?.counted(entry, on: device) ?? entry, started: started,
                    completed: completed, deviation: kept.map(\.deviation) ?? deviation,
                    threshold: kept.map(\.threshold) ?? threshold))
        }
        let loudness = try await ratingChanges(
            siteID: siteID, items: ["tinnitus_loudness"], participants: participants, on: connection, logger: logger
        ).reduce(into: [String: (Double, Double)]()) { $0[$1.participant] = ($1.first, $1.last) }
        let week = 7 * 86_400.0
        // Every participant's row is computed; the statement keeps those with a registration, a session or a plan.
        var rows = ParticipantSummaries()
        for participant in participants {
            let own = sessions[participant] ?? []
            let plan = plans[participant]
            let schedule = plan.map { PlanSchedule.of($0.plan, entries: own.map(\.entry), today: Date()) }
            rows.planDevices.append(plan?.device.uuidString ?? "")
            rows.planFiles.append(plan?.file ?? "")
            rows.done.append(schedule?.done ?? 0)
            rows.inProgress.append(schedule?.inProgress ?? "")
            rows.completed.append(own.filter(\.completed).count)
            rows.sessions.append(own.count)
            var first: Double?
            var last: Double?
            if let start = own.first?.started, let end = own.last?.started {
                let median = { (picked: [Session]) -> Double? in
                    let values = picked.compactMap(\.deviation)
                    return values.isEmpty ? nil : SessionSummary.median(values)
                }
                first = median(own.filter { $0.started < start.addingTimeInterval(week) })
                last = median(own.filter { $0.started > end.addingTimeInterval(-week) })
            }
            rows.firstWeek.append(first ?? .nan)
            rows.lastWeek.append(last ?? .nan)
            rows.thresholds.append(own.last { $0.threshold != nil }?.threshold ?? .nan)
            rows.firstLoudness.append(loudness[participant]?.0 ?? .nan)
            rows.lastLoudness.append(loudness[participant]?.1 ?? .nan)
        }
        rows.participants = participants
        try await storeSummaries(writing ?? SessionSummaries(), rows, siteID: siteID, on: connection, logger: logger)
    }

    /// Participants' summary rows as `participant_summaries` holds them: NaN and '' for "none" (PostgresNIO binds no
    /// array of optionals), NULL again in the statement.
    struct ParticipantSummaries {
        var participants: [String] = []
        var sessions: [Int] = []
        var completed: [Int] = []
        var planDevices: [String] = []
        var planFiles: [String] = []
        var done: [Int] = []
        var inProgress: [String] = []
        var firstWeek: [Double] = []
        var lastWeek: [Double] = []
        var thresholds: [Double] = []
        var firstLoudness: [Double] = []
        var lastLoudness: [Double] = []
    }

    /// Stores session summaries and participants' rows in one statement (either may be empty). A participant's row
    /// is kept when they have a registration, a session or a plan, and removed otherwise; the session times and
    /// machines come straight from the sessions table.
    static func storeSummaries(
        _ summaries: SessionSummaries, _ rows: ParticipantSummaries, siteID: Int, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        let columns = summaries.columns
        try await connection.query(
            """
            WITH sessions_stored AS (
              INSERT INTO session_summaries (session_id, trial_count, photos, median_abs_deviation_deg,
                median_time_s, reversal_rate, staircase_threshold, plan, skipped)
              SELECT id, n, photos, nullif(d, 'NaN'), nullif(t, 'NaN'), nullif(r, 'NaN'), nullif(h, 'NaN'), plan,
                skipped
              FROM unnest(\(summaries.sessions)::text[], \(columns.counts)::int[], \(columns.photos)::int[],
                \(columns.deviation)::float8[], \(columns.time)::float8[], \(columns.reversal)::float8[],
                \(columns.threshold)::float8[], \(columns.plan)::text[], \(columns.skipped)::int[])
                AS u(id, n, photos, d, t, r, h, plan, skipped)
              ON CONFLICT (session_id) DO UPDATE SET trial_count = excluded.trial_count, photos = excluded.photos,
                median_abs_deviation_deg = excluded.median_abs_deviation_deg,
                median_time_s = excluded.median_time_s, reversal_rate = excluded.reversal_rate,
                staircase_threshold = excluded.staircase_threshold, plan = excluded.plan, skipped = excluded.skipped),
            kept AS (
              INSERT INTO participant_summaries (site_id, participant, sessions, completed, last_session_at,
                plan_device, plan_file, plan_name, plan_version, plan_assigned_at, plan_total, plan_per_week,
                plan_done, plan_in_progress, first_week_deviation, last_week_deviation, threshold, first_loudness,
                last_loudness, devices)
              SELECT \(siteID), u.participant, u.sessions, u.completed,
                (SELECT max(s.started_at) FROM sessions s WHERE s.site_id = \(siteID) AND s.participant = u.participant),
                p.device_id, p.file, p.name, p.version, p.assigned_at, p.total_sessions, p.sessions_per_week,
                CASE WHEN p.file IS NOT NULL THEN u.done END,
                CASE WHEN p.file IS NOT NULL THEN nullif(u.in_progress, '') END,
                nullif(u.first_week, 'NaN'), nullif(u.last_week, 'NaN'), nullif(u.threshold, 'NaN'),
                nullif(u.first_loudness, 'NaN'), nullif(u.last_loudness, 'NaN'),
                ARRAY(SELECT DISTINCT s.device_id FROM sessions s
                      WHERE s.site_id = \(siteID) AND s.participant = u.participant ORDER BY 1)
              FROM unnest(\(rows.participants)::text[], \(rows.sessions)::int[], \(rows.completed)::int[],
                \(rows.planDevices)::text[], \(rows.planFiles)::text[], \(rows.done)::int[], \(rows.inProgress)::text[],
                \(rows.firstWeek)::float8[], \(rows.lastWeek)::float8[], \(rows.thresholds)::float8[],
                \(rows.firstLoudness)::float8[], \(rows.lastLoudness)::float8[])
                AS u(participant, sessions, completed, plan_device, plan_file, done, in_progress, first_week,
                  last_week, threshold, first_loudness, last_loudness)
              LEFT JOIN plans p ON p.device_id = nullif(u.plan_device, '')::uuid AND p.file = u.plan_file
              WHERE u.sessions > 0 OR u.plan_file <> '' OR EXISTS (
                SELECT 1 FROM participants r WHERE r.site_id = \(siteID) AND r.participant = u.participant)
              ON CONFLICT (site_id, participant) DO UPDATE SET sessions = excluded.sessions,
                completed = excluded.completed, last_session_at = excluded.last_session_at,
                plan_device = excluded.plan_device, plan_file = excluded.plan_file, plan_name = excluded.plan_name,
                plan_version = excluded.plan_version, plan_assigned_at = excluded.plan_assigned_at,
                plan_total = excluded.plan_total, plan_per_week = excluded.plan_per_week,
                plan_done = excluded.plan_done, plan_in_progress = excluded.plan_in_progress,
                first_week_deviation = excluded.first_week_deviation,
                last_week_deviation = excluded.last_week_deviation, threshold = excluded.threshold,
                first_loudness = excluded.first_loudness, last_loudness = excluded.last_loudness,
                devices = excluded.devices
              RETURNING participant)
            DELETE FROM participant_summaries
            WHERE site_id = \(siteID) AND participant = ANY(\(rows.participants))
              AND participant NOT IN (SELECT participant FROM kept)
            """, logger: logger)
    }

    /// Removes a participant's summaries (their sessions' and their row), in the transaction that deletes them,
    /// before their sessions and trials go.
    static func forgetSummaries(
        siteID: Int, participant: String, on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(
            """
            DELETE FROM session_summaries WHERE session_id IN (
              SELECT session_id FROM trials WHERE site_id = \(siteID) AND participant = \(participant)
              UNION SELECT session_id FROM sessions WHERE site_id = \(siteID) AND participant = \(participant))
            """, logger: logger)
        try await connection.query(
            "DELETE FROM participant_summaries WHERE site_id = \(siteID) AND participant = \(participant)",
            logger: logger)
    }

    /// Recomputes every summary of the sites (all when nil) from the projection tables: migration 62's backfill and
    /// `soundsafari-server summaries`.
    static func rebuildSummaries(siteIDs: [Int]?, on connection: PostgresConnection, logger: Logger) async throws {
        var sites = siteIDs ?? []
        if siteIDs == nil {
            sites = try await connection.query("SELECT id FROM sites ORDER BY id", logger: logger).collect().map {
                try $0.decode(Int.self)
            }
        }
        for site in sites {
            // Holds the site's batches back meanwhile, as a participant's deletion does.
            try await connection.query("SELECT pg_advisory_xact_lock(2407, \(site)::int)", logger: logger)
            let sessions = try await connection.query(
                "SELECT DISTINCT session_id FROM trials WHERE site_id = \(site) ORDER BY session_id", logger: logger
            ).collect().map { try $0.decode(String.self) }
            try await refreshSessionSummaries(sessions, on: connection, logger: logger)
            let participants = try await connection.query(
                """
                SELECT participant FROM participants WHERE site_id = \(site)
                UNION SELECT participant FROM sessions WHERE site_id = \(site)
                UNION SELECT participant FROM plans WHERE site_id = \(site) ORDER BY 1
                """, logger: logger
            ).collect().map { try $0.decode(String.self) }
            try await connection.query("DELETE FROM participant_summaries WHERE site_id = \(site)", logger: logger)
            for start in stride(from: 0, to: participants.count, by: 500) {
                try await refreshParticipantSummaries(
                    siteID: site, participants: Array(participants[start..<min(start + 500, participants.count)]),
                    on: connection, logger: logger)
            }
        }
    }

    /// `soundsafari-server summaries [--site S]`: every summary of one site or all recomputed, in one transaction
    /// (after tables were restored or edited by hand). Returns the number of participant rows.
    public func rebuildSummaries(site: String?) async throws -> Int {
        var siteIDs: [Int]?
        if let site {
            guard let id = try await siteID(site) else {
                throw Refusal(
                    Sentence.gettext(
                        "No site named {site} exists: `soundsafari-server site list` names them.", ["site": site]))
            }
            siteIDs = [id]
        }
        return try await transaction { connection in
            try await Self.rebuildSummaries(siteIDs: siteIDs, on: connection, logger: logger)
            return try await connection.query(
                "SELECT count(*)::int FROM participant_summaries WHERE \(siteIDs == nil) OR site_id = ANY(\(siteIDs ?? []))",
                logger: logger
            ).collect().one("the summaries' count").decode(Int.self)
        }
    }
}
