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
    typealias RatingChange = (
        participant: String, item: String, first: Double, last: Double, firstAt: Date, lastAt: Date
    )

    /// Each participant's first and newest answered rating of each of `items`, of `participants` only (all when nil).
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
