// Dashboard pages of a site: the overview of the sites one sees, a site's machines (enrol, revoke), prescribe a plan.
import Foundation
import HTTPTypes
import Hummingbird
import Localization

struct WebSiteRoutes {
    let sites: any SitesRepository
    let dashboard: any DashboardRepository
    let devices: any DevicesRepository
    let participantPages: any ParticipantPagesRepository
    let prescriptions: any PrescriptionsRepository
    let messages: any MessagesRepository
    let audit: any AuditRepository
    /// The site's questionnaires (the API's, the same table).
    let instruments: any InstrumentsRepository
    let pages: WebPages
    /// When the overview's alerts fire.
    var thresholds = AlertThresholds()

    var siteAlerts: SiteAlerts { SiteAlerts(dashboard: dashboard, devices: devices, messages: messages) }

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("", use: overview)
        web.get("sites/:site", use: sitePage)
        web.post("sites/:site/enrolment-code", use: newCode)
        web.post("sites/:site/devices/:device/revoke", use: revoke)
        web.post("sites/:site/plans", use: prescribePlan)
        web.post("sites/:site/about", use: saveAbout)
        web.post("sites/:site/instruments", use: addInstrument)
        web.post("sites/:site/time-zone", use: saveTimeZone)
    }

    /// Every site the account sees, with its machines, their last sync, and its alerts (DashboardAlerts).
    @Sendable func overview(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin, .supervisor, .researcher)
        let now = Date()
        var sites: [[String: Any]] = []
        var alertGroups: [[String: Any]] = []
        for (site, zone) in try await self.sites.sitesWithTimeZones() where account.sees(site: site) {
            // Each site's rows in its own zone.
            let catalog = context.catalog.reading(in: zone.zone)
            // A site's machines, alerts and counts are read at once.
            async let machines = self.devices.devicesWithLastSync(site: site)
            async let alerts = self.siteAlerts.alerts(site: site, now: now, thresholds: thresholds, catalog: catalog)
            async let siteCounts = self.dashboard.siteCounts(site: site)
            let devices = try await machines.filter { $0.device.revokedAt == nil }
            alertGroups += Self.alertGroups(try await alerts, site: site, catalog: catalog)
            let counts = try await siteCounts
            sites.append([
                "name": site, "devices": devices.count, "participants": counts.participants,
                "sessionsThisWeek": counts.sessionsThisWeek,
                "lastSync": catalog.time(devices.compactMap(\.lastSync).max()),
                "link": account.role != .researcher,
            ])
        }
        let response = pages.render(
            "overview", title: context.catalog.gettext("Study overview"),
            page: [
                "sites": sites, "noSites": sites.isEmpty, "alertGroups": alertGroups, "noAlerts": alertGroups.isEmpty,
            ],
            web: context.web)
        try await self.audit.auditView("overview", by: account, site: nil, requestID: context.id)
        return response
    }

    /// How many alerts of a kind the overview lists before it folds the rest away.
    static let alertsShown = 5

    /// A site's alerts as the overview shows them: a heading per kind with its count, the first `alertsShown`, the
    /// rest folded (`<details>`: nothing is hidden for good, but a site of 1,000 participants had 762 alerts in one
    /// list), and for missed sessions the participants table's filter of those behind their plan.
    static func alertGroups(_ alerts: [DashboardAlert], site: String, catalog: MessageCatalog) -> [[String: Any]] {
        let byKind = Dictionary(grouping: alerts, by: \.kind)
        return DashboardAlert.Kind.allCases.compactMap { kind in
            guard let alerts = byKind[kind] else { return nil }
            let rows = alerts.map { alert -> [String: Any] in
                var row: [String: Any] = ["kind": kind.rawValue, "text": alert.text]
                if let participant = alert.participant {
                    row["participant"] = [
                        "id": participant, "link": DashboardLinks.participant(site: site, participant),
                    ]
                }
                return row
            }
            var group: [String: Any] = [
                "site": site, "title": kind.title(catalog), "count": alerts.count,
                "shown": Array(rows.prefix(alertsShown)),
            ]
            if rows.count > alertsShown {
                group["more"] = [
                    "rest": Array(rows.dropFirst(alertsShown)),
                    "summary": catalog.ngettext(
                        "Show {count} more alert", "Show {count} more alerts", rows.count - alertsShown),
                ]
            }
            if kind == .missed {
                group["table"] = [
                    "link": "/participants?site=\(WebParticipantsTableRoutes.unreserved.encode(site))&state="
                        + ParticipantTableState.behind.rawValue,
                    "text": catalog.gettext("The participants behind their plan in the participants table"),
                ]
            }
            return group
        }
    }

    /// A site's page: its machines, a new enrolment code, and the plan prescription form.
    func site(
        _ site: String, context: AppRequestContext, notice: String? = nil, error: String? = nil,
        code: (code: String, expires: Date, participant: String?)? = nil, codeDraft: String? = nil,
        confirmRevoke: (UUID, String)? = nil, status: HTTPResponse.Status = .ok,
        askNew: Bool = false, aboutDraft: String? = nil, timeZoneDraft: (text: String, error: String)? = nil,
        instrumentError: String? = nil
    ) async throws -> Response {
        let context = try await context.reading(site: site, in: sites)
        let catalog = context.catalog
        let devices: [[String: Any]] = try await self.devices.devicesWithLastSync(site: site).map { device, last in
            var row: [String: Any] = [
                "id": device.id.uuidString.lowercased(), "name": device.name,
                "enrolled": catalog.time(device.enrolledAt), "lastSync": catalog.time(last),
                "revoked": device.revokedAt.map { catalog.time($0) } ?? "",
                "active": device.revokedAt == nil,
            ]
            // A section of its own: a plain `participant` key would fall back to the page's (the plan form's draft).
            if let participant = device.participant { row["boundTo"] = ["participant": participant] }
            return row
        }
        var page: [String: Any] = [
            "site": site, "devices": devices, "noDevices": devices.isEmpty,
            "participants": try await participantsTable(site, context: context),
        ]
        // A refused prescription keeps what was typed, to be corrected; a done one leaves the form empty.
        if error != nil {
            page["plan"] = context.webForm["plan"] ?? ""
            page["participant"] = context.webForm["participant"] ?? ""
            page["sharedMachines"] = context.webForm["shared_machines"] == "yes"
        }
        // The public text as stored, or a refused one as typed, to be corrected.
        if let aboutDraft {
            page["about"] = aboutDraft
        } else {
            page["about"] = try await self.sites.siteAbout(site: site)
        }
        // Every version of the site's questionnaires; a refused file stays in the form with its sentence beside it.
        let held = try await instruments.list(site: site)
        page["instruments"] = held.map { stored -> [String: Any] in
            [
                "id": stored.instrument, "version": stored.version, "language": stored.language, "title": stored.title,
                "added": catalog.time(stored.addedAt), "by": stored.addedBy,
            ]
        }
        page["noInstruments"] = held.isEmpty
        if let instrumentError {
            page["instrumentError"] = instrumentError
            page["instrumentDraft"] = context.webForm["instrument"] ?? ""
        }
        if let text = context.web?.query["instrument"], let id = Int(text),
            let stored = held.first(where: { $0.id == id })
        {
            page["notice"] = catalog.gettext(
                "{instrument} version {version} ({language}) is stored: the machines of {site} receive it at their next sync.",
                [
                    "instrument": stored.instrument, "version": String(stored.version), "language": stored.language,
                    "site": site,
                ])
        }
        // The zone as stored, or a refused one as typed with its sentence; the list offers Europe's zones and UTC.
        if let timeZoneDraft {
            page["timeZone"] = timeZoneDraft.text
            page["timeZoneError"] = timeZoneDraft.error
        } else {
            page["timeZone"] = try await sites.siteTimeZone(site: site).identifier
        }
        page["timeZones"] = ["UTC"] + TimeZone.knownTimeZoneIdentifiers.filter { $0.hasPrefix("Europe/") }.sorted()
        if askNew { page["askNew"] = ["participant": context.webForm["participant"] ?? ""] }
        // Each rendering of the form its own key: sending that form twice stores one prescription.
        page["key"] = UUID().uuidString.lowercased()
        var notice = notice
        // After a plan was stored (post/redirect/get): its id in the address, never the participant's ID.
        if let text = context.web?.query["prescription"] {
            guard let id = Int(text), (1...Int(Int32.max)).contains(id) else {
                throw Problem.badRequest(
                    Sentence.gettext(
                        "The prescription prescription={text} is not a prescription's number: use the link the form sent you to.",
                        ["text": String(text.prefix(40))]))
            }
            if let stored = try await self.prescriptions.prescription(id: id, site: site) {
                notice =
                    stored.kind == "plan"
                    ? catalog.gettext(
                        "Prescription {id}: the plan reaches {participant}'s machines of {site} at their next sync.",
                        ["id": String(stored.id), "participant": stored.participant, "site": site])
                    : catalog.gettext(
                        "Prescription {id}: the profile reaches {participant}'s machines of {site} at their next sync.",
                        ["id": String(stored.id), "participant": stored.participant, "site": site])
            }
        }
        if let notice { page["notice"] = notice }
        if let error { page["error"] = error }
        if let code {
            var card: [String: Any] = ["code": code.code, "expires": catalog.time(code.expires)]
            if let participant = code.participant { card["boundTo"] = ["participant": participant] }
            page["code"] = card
        }
        if let codeDraft { page["codeDraft"] = codeDraft }
        if let (id, machine) = confirmRevoke {
            page["confirmRevoke"] = ["id": id.uuidString.lowercased(), "name": machine]
        }
        return pages.render(
            "site", title: context.catalog.gettext("Site {site}", ["site": site]), page: page, web: context.web,
            status: status)
    }

    /// Participants shown per page of a site's table.
    static let participantsPerPage = 50

    /// The site's participants table: one page (`?page=N`, from 1) in an order (`?sort=participant|sessions|last`),
    /// both refused in one sentence when they are not one of those. Only page and order stand in the URL, never an ID.
    private func participantsTable(_ site: String, context: AppRequestContext) async throws -> [String: Any] {
        let query = context.web?.query ?? [:]
        let sortText = query["sort"] ?? "participant"
        guard let order = StudyDatabase.ParticipantOrder(rawValue: sortText) else {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The order sort={text} does not exist: use participant, sessions or last.", ["text": sortText]))
        }
        let number = try PageNumber.parse(query["page"])
        let perPage = Self.participantsPerPage
        let (rows, total) = try await self.dashboard.participants(
            site: site, order: order, offset: (number - 1) * perPage, limit: perPage)
        let pages = max(1, (total + perPage - 1) / perPage)
        let link = { (page: Int, sort: StudyDatabase.ParticipantOrder) in
            "/sites/\(site)?page=\(page)&sort=\(sort.rawValue)"
        }
        return [
            "rows": rows.map { row -> [String: Any] in
                [
                    "participant": row.participant, "completed": row.sessionsCompleted,
                    "started": row.sessionsStarted, "trials": row.trials,
                    "last": context.catalog.time(row.lastSession),
                    "plan": row.plan ?? "—",
                ]
            },
            "none": rows.isEmpty, "total": total, "page": Swift.min(number, pages), "pages": pages,
            "previous": number > 1 ? link(number - 1, order) : "",
            "next": number < pages ? link(number + 1, order) : "",
            "sorts": StudyDatabase.ParticipantOrder.allCases.map { sort in
                ["label": sort.label(context.catalog), "link": link(1, sort), "current": sort == order]
            },
        ]
    }

    /// The site named in the path if the account may manage it (admin, or a supervisor of it): the same 404 as
    /// the API's, whether it exists elsewhere or not at all.
    private func managedSite(_ context: AppRequestContext) async throws -> (Account, String) {
        let account = try context.webAccount(.admin, .supervisor)
        return (account, try await DeviceRoutes.visibleSite(context, account: account, sites: sites))
    }

    @Sendable func sitePage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await managedSite(context)
        let response = try await site(name, context: context)
        try await self.audit.auditView("site", by: account, site: name, requestID: context.id)
        return response
    }

    /// The site's text on the public /about page: checked by `SiteAbout`, stored and audited (`site.about`).
    @Sendable func saveAbout(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await managedSite(context)
        let text = SiteAbout.normalised(context.webForm["about"] ?? "")
        if let problem = SiteAbout.problem(text, context.catalog) {
            return try await site(
                name, context: context, error: problem, status: .badRequest, aboutDraft: context.webForm["about"])
        }
        let changed = try await self.sites.setSiteAbout(
            site: name, text: text, by: (account.name, account.role.rawValue), requestID: context.id)
        let catalog = context.catalog
        let notice =
            !changed
            ? catalog.gettext("The text of {site} is unchanged.", ["site": name])
            : text.isEmpty
                ? catalog.gettext(
                    "The text of {site} is removed: the public page no longer names the site.", ["site": name])
                : catalog.gettext(
                    "The text of {site} is saved: the public page About and licences shows it.", ["site": name])
        return try await site(name, context: context, notice: notice)
    }

    /// The questionnaire form's send: the pasted instrument file checked as the API and the game check it, stored as
    /// a new version (post/redirect/get); a refused one stays in the form with the reader's sentence.
    @Sendable func addInstrument(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await managedSite(context)
        // A text area sends its line breaks as CR LF: the file keeps the LF a machine stores.
        let text = (context.webForm["instrument"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        do {
            let instrument = try InstrumentRoutes.checked(Data(text.utf8))
            let stored = try await instruments.add(
                site: name, instrument: instrument.id, version: instrument.version, language: instrument.language,
                title: instrument.title, content: text, by: (account.name, account.role.rawValue),
                requestID: context.id)
            return WebPages.redirect("/sites/\(name)?instrument=\(stored.id)")
        } catch let problem as Problem where problem.status == .badRequest || problem.status == .conflict {
            return try await site(
                name, context: context, status: problem.status, instrumentError: problem.detail(in: context.catalog))
        }
    }

    /// The zone the site's pages show times in: checked by `SiteTimeZone`, stored and audited (`site.time_zone`).
    @Sendable func saveTimeZone(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await managedSite(context)
        let text = context.webForm["time_zone"] ?? ""
        let zone: SiteTimeZone
        do {
            zone = try SiteTimeZone(text)
        } catch let refusal as StudyDatabase.Refusal {
            return try await site(
                name, context: context, status: .badRequest,
                timeZoneDraft: (text, refusal.worded(in: context.catalog)))
        }
        let changed = try await sites.setSiteTimeZone(
            site: name, zone: zone, by: (account.name, account.role.rawValue), requestID: context.id)
        let notice =
            changed
            ? context.catalog.gettext(
                "The pages of {site} now show times in {zone}.", ["site": name, "zone": zone.identifier])
            : context.catalog.gettext(
                "The time zone of {site} is unchanged: {zone}.", ["site": name, "zone": zone.identifier])
        return try await site(name, context: context, notice: notice)
    }

    /// The machines' form: a code of the site, or (a participant ID given) a code for that participant's own machine.
    @Sendable func newCode(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await managedSite(context)
        let text = (context.webForm["for_participant"] ?? "").trimmingCharacters(in: .whitespaces)
        let participant = text.isEmpty ? nil : text
        do {
            let (code, expires) = try await self.devices.enrolmentCode(
                site: name, participant: participant, by: (account.name, account.role.rawValue), requestID: context.id)
            return try await site(name, context: context, code: (code, expires, participant))
        } catch let refusal as StudyDatabase.Refusal {
            return try await site(
                name, context: context, error: refusal.worded(in: context.catalog), codeDraft: text,
                status: .badRequest)
        }
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await managedSite(context)
        let text = context.parameters.get("device") ?? ""
        guard let id = UUID(uuidString: text), let device = try await self.devices.device(id: id), device.site == name
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No machine {machine} belongs to the site {site}: pick one from its list.",
                    ["machine": text, "site": name]))
        }
        // One click only asks: the page says what revoking does and takes a second post (confirm=yes) to do it.
        guard device.revokedAt != nil || context.webForm["confirm"] == "yes" else {
            return try await site(name, context: context, confirmRevoke: (id, device.name))
        }
        let revoked = try await self.devices.revoke(
            device: id, by: (account.name, account.role.rawValue), requestID: context.id)
        return try await site(
            name, context: context,
            notice: revoked
                ? context.catalog.gettext(
                    "The machine {machine} is revoked: it can no longer sync.", ["machine": device.name]) : nil,
            error: revoked
                ? nil
                : context.catalog.gettext("The machine {machine} was revoked already.", ["machine": device.name]))
    }

    /// The plan form's send. A participant no machine of the site has sent (a typo) is refused unless the form says
    /// they are new; a stored plan answers with a redirect to the site's page (post/redirect/get: a reload does not
    /// send again), and the form's one-time key makes a second send of the same form store nothing.
    @Sendable func prescribePlan(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, name) = try await managedSite(context)
        let form = context.webForm
        let participant = (form["participant"] ?? "").trimmingCharacters(in: .whitespaces)
        // A text area sends its line breaks as CR LF: the plan file keeps the LF the game writes.
        let plan = (form["plan"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        let key = form["key"] ?? ""
        guard (1...64).contains(key.utf8.count),
            key.utf8.allSatisfy({
                (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 45
            })
        else {
            return try await site(
                name, context: context,
                error: context.catalog.gettext(
                    "The form's key is missing or not one this page writes: load the site's page again and send the form from there."
                ),
                status: .badRequest)
        }
        let content: String
        do {
            content = try PrescriptionCheck.content(
                kind: "plan", participant: participant, data: Data(plan.utf8), name: "The training plan")
        } catch let refusal as PrescriptionCheck.Refusal {
            return try await site(
                name, context: context, error: refusal.worded(in: context.catalog), status: .badRequest)
        }
        if form["new_participant"] != "yes",
            !(try await self.participantPages.participantIsKnown(site: name, participant: participant))
        {
            return try await site(
                name, context: context,
                error: context.catalog.gettext(
                    "Nothing of {participant} is held at {site} (no registration, session, profile or prescription): check the ID against the participants table, or tick \"{participant} is new\" to prescribe before their first session.",
                    ["participant": participant, "site": name]),
                status: .badRequest, askNew: true)
        }
        let id = try await self.prescriptions.prescribe(
            kind: "plan", site: name, participant: participant, content: content,
            by: (account.name, account.role.rawValue), requestID: context.id, key: key,
            sharedMachines: form["shared_machines"] == "yes")
        return WebPages.redirect("/sites/\(name)?prescription=\(id)")
    }
}

extension StudyDatabase.ParticipantOrder {
    /// How the table's sort links read.
    func label(_ catalog: MessageCatalog) -> String {
        switch self {
        case .participant: return catalog.gettext("by participant")
        case .sessions: return catalog.gettext("most sessions first")
        case .last: return catalog.gettext("latest session first")
        }
    }
}
