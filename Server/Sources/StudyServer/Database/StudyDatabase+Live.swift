// The live page's rows: a site's sessions of the last hours, each with its newest trial rows.
import Foundation
import Localization
import PostgresNIO

extension StudyDatabase {
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
}
