// The live page of a site: the sessions being played now, their rows appearing as the machines push them.
import Foundation
import HTTPTypes
import Hummingbird
import PostgresNIO
import TidyFormats

/// A session on the live page, with its newest rows (a machine pushes each row right after the photo, in the
/// background: BackgroundSync), as `live.js` reads it from the JSON route.
struct LiveSession: Codable, Sendable, Equatable {
    struct Row: Codable, Sendable, Equatable {
        var trial: Int
        var round: Int
        var target: String
        var condition: String
        var targetDeg: Double?
        var aimDeg: Double?
        var deviationDeg: Double?
        var timeS: Double?
        var hit: Bool?
        var shotAt: String
    }
    var session: String
    var participant: String
    var started: String
    var ended: String?
    var machine: String
    var trials: Int
    var rows: [Row]
}

extension StudyDatabase {
    /// How long after its end a session stays on the live page, and how long an unended one may be old.
    static let liveAfterEndSeconds = 600
    static let liveHours = 12
    /// Rows shown per session (the newest).
    static let liveRows = 60

    /// The site's live sessions: started in the last 12 hours and not ended, or ended in the last 10 minutes;
    /// newest first, each with its newest rows (oldest of them first).
    func liveSessions(site: String) async throws -> [LiveSession] {
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
                    session: id, participant: participant, started: WebSiteRoutes.show(started),
                    ended: ended.map { WebSiteRoutes.show($0) }, machine: machine, trials: count, rows: []))
        }
        guard !sessions.isEmpty else { return [] }
        for row in try await rows(
            """
            SELECT session_id, trial, round, target, condition, target_bearing_deg, aim_bearing_deg, deviation_deg,
              time_s, hit, shot_at
            FROM (SELECT t.*, row_number() OVER (PARTITION BY session_id ORDER BY trial DESC) AS newest
                  FROM trials t WHERE t.session_id = ANY(\(Array(index.keys)))) t
            WHERE newest <= \(Self.liveRows) ORDER BY session_id, trial
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
                    shotAt: WebSiteRoutes.show(shotAt)))
        }
        return sessions
    }
}

struct WebLiveRoutes {
    let database: StudyDatabase
    let pages: WebPages
    /// The page's script (CSP allows scripts from this server only): polls the JSON route every second.
    static let script: Data = {
        guard let url = Bundle.module.url(forResource: "Web", withExtension: nil),
            let data = try? Data(contentsOf: url.appendingPathComponent("static/live.js"))
        else { fatalError("The dashboard's live.js is missing from the server's resources: the build is broken") }
        return data
    }()

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("static/live.js", use: liveScript)
        web.get("sites/:site/live", use: livePage)
        web.get("sites/:site/live.json", use: liveJSON)
    }

    /// The site of the path if the account sees it (a researcher's granted sites included: rows are pseudonymous);
    /// the API's 404 otherwise.
    private func site(_ context: AppRequestContext) async throws -> String {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        return try await DeviceRoutes.visibleSite(context, account: account, database: database)
    }

    @Sendable func liveScript(_ request: Request, context: AppRequestContext) async throws -> Response {
        var headers = WebPages.securityHeaders
        headers[.contentType] = "text/javascript; charset=utf-8"
        headers[.cacheControl] = "max-age=300"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: Self.script)))
    }

    /// The page as it stands when loaded (it works without script); live.js then keeps it current.
    @Sendable func livePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let site = try await site(context)
        let sessions = try await database.liveSessions(site: site)
        let response = pages.render(
            "live", title: "Live at \(site)",
            page: [
                "site": site, "none": sessions.isEmpty,
                "sessions": sessions.map { session -> [String: Any] in
                    [
                        "session": session.session, "participant": session.participant, "started": session.started,
                        "ended": session.ended ?? "", "running": session.ended == nil, "machine": session.machine,
                        "trials": session.trials,
                        "rows": session.rows.map { row -> [String: Any] in
                            [
                                "trial": row.trial, "round": row.round, "target": row.target,
                                "condition": row.condition, "targetDeg": Self.degrees(row.targetDeg),
                                "aimDeg": Self.degrees(row.aimDeg), "deviationDeg": Self.degrees(row.deviationDeg),
                                "timeS": row.timeS.map { FixedDecimal.string($0, digits: 2) } ?? "",
                                "hit": row.hit.map { $0 ? "yes" : "no" } ?? "", "shotAt": row.shotAt,
                            ]
                        },
                    ]
                },
            ], web: context.web)
        try await database.auditView(
            "live", by: try context.webAccount(.admin, .supervisor, .researcher), site: site, requestID: context.id)
        return response
    }

    static func degrees(_ value: Double?) -> String { value.map { FixedDecimal.string($0, digits: 1) } ?? "" }

    /// The live sessions as JSON (what live.js polls); no-store like every page.
    @Sendable func liveJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let site = try await site(context)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let body = try encoder.encode(["sessions": try await database.liveSessions(site: site)])
        var headers = WebPages.securityHeaders
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
