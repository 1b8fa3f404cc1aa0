// What the dashboard's site pages read: a site's participants (the overview's list, the participants table), its
// counts, its live sessions, and what the overview's alerts judge.
import Foundation
import Localization
import StudyRecords

protocol DashboardRepository: Sendable {
    /// The id of the site named `name`, nil when there is none.
    func siteID(_ name: String) async throws -> Int?
    /// A page of `site`'s participants (registered or with a session), ordered, with the total count.
    func participants(site: String, order: StudyDatabase.ParticipantOrder, offset: Int, limit: Int) async throws
        -> (rows: [StudyDatabase.ParticipantListing], total: Int)
    /// A site's participants and its sessions started this week (from Monday, UTC).
    func siteCounts(site: String) async throws -> (participants: Int, sessionsThisWeek: Int)
    /// One page of the participants table of `sites` at `now`: filtered, sorted and counted.
    func participantsPage(
        sites: [String], plan: String?, state: ParticipantTableState, sort: ParticipantTableSort, descending: Bool,
        page: Int, perPage: Int, now: Date
    ) async throws -> (rows: [ParticipantTableRow], total: Int, page: Int, planNames: [String])
    /// Every participant of `site` as a table row at `now`, in the table's first order.
    func participantTable(site: String, now: Date) async throws -> [ParticipantTableRow]
    /// The site's live sessions, newest first, each with its newest rows, worded in `catalog`'s language.
    func liveSessions(site: String, catalog: MessageCatalog) async throws -> [LiveSession]
    /// Each participant's first and newest answered rating of each of `items`.
    func ratingChanges(siteID: Int, items: [String]) async throws -> [StudyDatabase.RatingChange]
    /// The site's sessions started after `since`, as the overview's dose and headphone alerts read them.
    func recentSessions(siteID: Int, since: Date) async throws -> [StudyDatabase.RecentSession]
}

extension StudyDatabase {
    /// A session as the overview's alerts read it: what the dose rule reads (the sessions table's columns) and its
    /// session.json's `headphone_check` list as synced (JSON; nil when it has none), so no whole state is read.
    public struct RecentSession: Sendable, Equatable {
        public var participant: String
        public var file: String
        public var dose: WeekDose.Entry
        public var headphoneChecks: String?
    }

    /// One row of a site's participants table.
    public struct ParticipantListing: Sendable, Equatable {
        public var participant: String
        public var sessionsCompleted: Int
        public var sessionsStarted: Int
        public var trials: Int
        public var lastSession: Date?
        public var plan: String?
    }

    /// How the participants table is ordered (the only orders offered, so no column name comes from a request).
    public enum ParticipantOrder: String, Sendable, CaseIterable {
        case participant, sessions, last

        var sql: String {
            switch self {
            case .participant: return "p.participant"
            case .sessions: return "count(s.session_id) FILTER (WHERE s.completed) DESC, p.participant"
            case .last: return "max(s.started_at) DESC NULLS LAST, p.participant"
            }
        }
    }

    /// A page of `site`'s participants (registered or with a session), ordered, with the total count; paginated in
}
