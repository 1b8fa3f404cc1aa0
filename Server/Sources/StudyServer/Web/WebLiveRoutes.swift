// The live page of a site: the sessions being played now, their rows appearing as the machines push them.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
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

struct WebLiveRoutes {
    let database: StudyDatabase
    let pages: WebPages
    /// The page's script (CSP allows scripts from this server only): polls the JSON route every second.
    static let script: Data = {
        guard let url = Bundle.module.url(forResource: "static", withExtension: nil),
            let data = try? Data(contentsOf: url.appendingPathComponent("live.js"))
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
        let context = try await context.reading(site: site, in: database)
        let sessions = try await database.liveSessions(site: site, catalog: context.catalog)
        let response = pages.render(
            "live", title: context.catalog.gettext("Live at {site}", ["site": site]),
            page: [
                "site": site, "none": sessions.isEmpty, "decimal": String(context.catalog.language.decimalMark),
                "sessions": sessions.map { session -> [String: Any] in
                    [
                        "session": session.session, "participant": session.participant, "started": session.started,
                        "ended": session.ended ?? "", "running": session.ended == nil, "machine": session.machine,
                        "trials": session.trials,
                        "rows": session.rows.map { row -> [String: Any] in
                            [
                                "trial": row.trial, "round": row.round, "target": row.target,
                                "condition": row.condition,
                                "targetDeg": context.catalog.number(row.targetDeg, none: ""),
                                "aimDeg": context.catalog.number(row.aimDeg, none: ""),
                                "deviationDeg": context.catalog.number(row.deviationDeg, none: ""),
                                "timeS": context.catalog.number(row.timeS, 2, none: ""),
                                "hit": row.hit.map {
                                    $0 ? context.catalog.gettext("yes") : context.catalog.gettext("no")
                                } ?? "", "shotAt": row.shotAt,
                            ]
                        },
                    ]
                },
            ], web: context.web)
        try await database.auditView(
            "live", by: try context.webAccount(.admin, .supervisor, .researcher), site: site, requestID: context.id)
        return response
    }

    /// The live sessions as JSON (what live.js polls); no-store like every page.
    @Sendable func liveJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let site = try await site(context)
        let context = try await context.reading(site: site, in: database)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let body = try encoder.encode([
            "sessions": try await database.liveSessions(site: site, catalog: context.catalog)
        ])
        var headers = WebPages.securityHeaders
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
