// The participants table of every site one sees: filtered, sorted and paginated on the server.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import TidyFormats

struct WebParticipantsTableRoutes {
    let sites: any SitesRepository
    let dashboard: any DashboardRepository
    let audit: any AuditRepository
    let pages: WebPages

    static let perPage = 50
    /// What a query value keeps unescaped (RFC 3986's unreserved characters); made once, not per link.
    static let unreserved = PercentEncoding(
        allowed: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~")))

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("participants", use: table)
    }

    typealias Sort = ParticipantTableSort
    typealias State = ParticipantTableState

    /// `/participants[?site=S&plan=NAME&state=…&sort=…&order=asc|desc&page=N]`: only a site's and a plan's name, a
    /// state, an order and a page stand in the URL (proxies log them), never a participant's ID.
    @Sendable func table(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let query = context.web?.query ?? [:]
        let value = { (name: String) in query[name].flatMap { $0.isEmpty ? nil : $0 } }
        // The sites and their zones (each row's times are in its site's) in one statement.
        let named = try await self.sites.sitesWithTimeZones()
        let zones = Dictionary(named.map { ($0.name, $0.zone) }) { first, _ in first }
        let visible = named.map(\.name).filter { account.sees(site: $0) }
        var sites = visible
        if let site = value("site") {
            guard visible.contains(site) else {
                throw Problem.notFound(
                    Sentence.gettext(
                        "No site named {site} is visible to you: pick one from the list.", ["site": site]))
            }
            sites = [site]
        }
        guard let state = State(rawValue: value("state") ?? "all") else {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The state state={text} does not exist: use {choices}.",
                    ["text": value("state") ?? "", "choices": State.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        guard let sort = Sort(rawValue: value("sort") ?? "participant") else {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The order sort={text} does not exist: use {choices}.",
                    ["text": value("sort") ?? "", "choices": Sort.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        let orderText = value("order") ?? "asc"
        guard orderText == "asc" || orderText == "desc" else {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The direction order={text} does not exist: use asc or desc.", ["text": orderText]))
        }
        let number = try PageNumber.parse(value("page"))
        let plan = value("plan")

        let descending = orderText == "desc"
        let perPage = Self.perPage
        let (shown, total, shownPage, planNames) = try await self.dashboard.participantsPage(
            sites: sites, plan: plan, state: state, sort: sort, descending: descending, page: number,
            perPage: perPage, now: Date())
        let pageCount = max(1, (total + perPage - 1) / perPage)
        func link(page: Int, sort: Sort, descending: Bool) -> String {
            var parts: [(String, String)] = []
            if let site = value("site") { parts.append(("site", site)) }
            if let plan { parts.append(("plan", plan)) }
            if state != .all { parts.append(("state", state.rawValue)) }
            parts += [("sort", sort.rawValue), ("order", descending ? "desc" : "asc"), ("page", String(page))]
            return "/participants?"
                + parts.map { "\($0)=\(Self.unreserved.encode($1))" }
                .joined(separator: "&")
        }
        let catalog = context.catalog
        var page: [String: Any] = [
            "total": total, "page": shownPage, "pages": pageCount, "none": total == 0,
            "sites": visible.map { ["name": $0, "selected": $0 == value("site")] },
            "plans": planNames.map { ["name": $0, "selected": $0 == plan] },
            "states": State.allCases.map {
                ["value": $0.rawValue, "label": $0.label(catalog), "selected": $0 == state]
            },
            "columns": Sort.allCases.map { column -> [String: Any] in
                let current = column == sort
                return [
                    "label": column.label(catalog), "current": current, "arrow": descending ? "▼" : "▲",
                    "ariaSort": current ? (descending ? "descending" : "ascending") : "none",
                    "link": link(page: 1, sort: column, descending: current ? !descending : false),
                ]
            },
            "rows": shown.map { row -> [String: MustacheText] in
                // Each row's times in its site's zone.
                let catalog = catalog.reading(in: (zones[row.site] ?? .utc).zone)
                return [
                    "participant": row.participant, "link": DashboardLinks.participant(site: row.site, row.participant),
                    "site": row.site, "plan": row.plan ?? "—",
                    "done": row.due.map {
                        catalog.ngettext(
                            "{done} of {count} due", "{done} of {count} due", $0, ["done": String(row.done)])
                    } ?? "\(row.done)",
                    "missed": row.missed.map(String.init) ?? "—",
                    "dueNext": row.schedule.map { $0.dueNext(catalog) } ?? row.dueNext,
                    "last": catalog.time(row.lastSession),
                    "deviation": Self.arrow(row.firstWeekDeviation, row.lastWeekDeviation, digits: 1, catalog),
                    "threshold": catalog.number(row.threshold),
                    "ratings": Self.arrow(row.firstLoudness, row.lastLoudness, digits: 2, catalog),
                    "sync": catalog.time(row.lastSync),
                ].mapValues(MustacheText.init)
            },
        ]
        // Only the links there are: Mustache takes an empty string for a value.
        if shownPage > 1 { page["previous"] = link(page: shownPage - 1, sort: sort, descending: descending) }
        if shownPage < pageCount { page["next"] = link(page: shownPage + 1, sort: sort, descending: descending) }
        let response = pages.render(
            "participants", title: context.catalog.gettext("Participants"), page: page, web: context.web)
        try await self.audit.auditView(
            "participants", by: account, site: value("site"),
            detail: ["sites": sites.joined(separator: ","), "page": String(shownPage)],
            requestID: context.id)
        return response
    }

    /// "12.0 → 8.5" (first → last), "—" when nothing was measured.
    static func arrow(_ first: Double?, _ last: Double?, digits: Int, _ catalog: MessageCatalog) -> String {
        guard let first, let last else { return "—" }
        return catalog.number(first, digits) + " → " + catalog.number(last, digits)
    }
}

extension ParticipantTableSort {
    /// The column's heading in the page's language.
    func label(_ catalog: MessageCatalog) -> String {
        switch self {
        case .participant: return catalog.gettext("Participant")
        case .site: return catalog.gettext("Site")
        case .plan: return catalog.gettext("Plan")
        case .done: return catalog.gettext("Sessions done")
        case .missed: return catalog.gettext("Missed")
        case .last: return catalog.gettext("Last session")
        case .deviation: return catalog.gettext("Median deviation (°), first → last week")
        case .threshold: return catalog.gettext("Staircase threshold (°)")
        case .ratings: return catalog.gettext("Tinnitus loudness, first → newest")
        case .sync: return catalog.gettext("Last sync")
        }
    }
}

extension ParticipantTableState {
    /// The state filter's choice in the page's language.
    func label(_ catalog: MessageCatalog) -> String {
        switch self {
        case .all: return catalog.gettext("everyone")
        case .behind: return catalog.gettext("behind (missed sessions)")
        case .onTrack: return catalog.gettext("on track")
        case .finished: return catalog.gettext("plan finished")
        case .noPlan: return catalog.gettext("without a plan")
        }
    }
}
