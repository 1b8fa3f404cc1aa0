// Dashboard pages of the admin: users (add, role and sites, reset password, disable), sites, the audit trail.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import StudyRecords
import TidyFormats

struct WebAdminRoutes {
    let sites: any SitesRepository
    let accounts: any AccountsRepository
    let audit: any AuditRepository
    let pages: WebPages

    func add(to web: RouterGroup<AppRequestContext>) {
        web.get("admin/users", use: usersPage)
        web.post("admin/users", use: addUser)
        web.post("admin/users/:user/role", use: setRole)
        web.post("admin/users/:user/reset-password", use: resetPassword)
        web.post("admin/users/:user/disable", use: disable)
        web.post("admin/users/:user/enable", use: enable)
        web.get("admin/sites", use: sitesPage)
        web.post("admin/sites", use: addSite)
        web.get("admin/audit", use: auditPage)
        web.post("admin/audit", use: auditPage)
    }

    private func actor(_ account: Account) -> (name: String, role: String) { (account.name, account.role.rawValue) }

    /// The users page; `notice` says what the last action did, `password` is a generated one shown this once.
    private func users(
        _ context: AppRequestContext, notice: String? = nil, error: String? = nil, password: (String, String)? = nil
    ) async throws -> Response {
        let sites = try await self.sites.sites()
        let users: [[String: Any]] = try await self.accounts.accountListing().map { user in
            [
                "name": user.name, "role": user.role.rawValue, "sitesText": user.sites.joined(separator: ", "),
                "disabled": user.disabled,
                "roles": Role.allCases.map { ["value": $0.rawValue, "selected": $0 == user.role] },
                "sites": sites.map { ["name": $0, "checked": user.sites.contains($0)] },
            ]
        }
        var page: [String: Any] = [
            "users": users, "siteNames": sites,
            "roles": Role.allCases.map { ["value": $0.rawValue, "selected": $0 == .supervisor] },
            "minimum": AccountPassword.minimumLength,
        ]
        if let notice { page["notice"] = notice }
        if let error { page["error"] = error }
        if let (name, password) = password { page["newPassword"] = ["name": name, "password": password] }
        return pages.render(
            "users", title: context.catalog.gettext("Users"), page: page, web: context.web,
            status: error == nil ? .ok : .badRequest)
    }

    @Sendable func usersPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.webAccount(.admin)
        return try await users(context)
    }

    @Sendable func addUser(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin)
        let form = context.webForm
        let name = try form.required("name", label: "Name")
        guard let role = Role(rawValue: form["role"] ?? "") else {
            return try await users(
                context, error: context.catalog.gettext("Choose a role: admin, supervisor or researcher."))
        }
        let password = (form["password"] ?? "").isEmpty ? nil : form["password"]
        do {
            let generated = try await self.accounts.addUser(
                name: name, role: role, sites: form.all("sites"), password: password, by: actor(account),
                requestID: context.id)
            return try await users(
                context,
                notice: context.catalog.gettext("Added {name} as {role}.", ["name": name, "role": role.rawValue]),
                password: generated.map { (name, $0) })
        } catch let refusal as StudyDatabase.Refusal {
            return try await users(context, error: refusal.worded(in: context.catalog))
        }
    }

    @Sendable func setRole(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin)
        let name = context.parameters.get("user") ?? ""
        guard let role = Role(rawValue: context.webForm["role"] ?? "") else {
            return try await users(
                context,
                error: context.catalog.gettext(
                    "Choose a role for {name}: admin, supervisor or researcher.", ["name": name]))
        }
        do {
            try await self.accounts.setRole(
                of: name, to: role, sites: context.webForm.all("sites"), by: actor(account), requestID: context.id)
            return try await users(
                context,
                notice: context.catalog.gettext("{name} is now {role}.", ["name": name, "role": role.rawValue]))
        } catch let refusal as StudyDatabase.Refusal {
            return try await users(context, error: refusal.worded(in: context.catalog))
        }
    }

    @Sendable func resetPassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin)
        let name = context.parameters.get("user") ?? ""
        do {
            let password = try await self.accounts.resetPassword(of: name, by: actor(account), requestID: context.id)
            return try await users(
                context, notice: context.catalog.gettext("{name} has a new password.", ["name": name]),
                password: (name, password))
        } catch let refusal as StudyDatabase.Refusal {
            return try await users(context, error: refusal.worded(in: context.catalog))
        }
    }

    @Sendable func disable(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await setDisabled(true, context: context)
    }

    @Sendable func enable(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await setDisabled(false, context: context)
    }

    private func setDisabled(_ disabled: Bool, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin)
        let name = context.parameters.get("user") ?? ""
        do {
            try await self.accounts.setDisabled(disabled, user: name, by: actor(account), requestID: context.id)
            return try await users(context, notice: disabled ? "\(name) is disabled." : "\(name) may sign in again.")
        } catch let refusal as StudyDatabase.Refusal {
            return try await users(context, error: refusal.worded(in: context.catalog))
        }
    }

    private func sites(_ context: AppRequestContext, notice: String? = nil, error: String? = nil) async throws
        -> Response
    {
        var page: [String: Any] = ["sites": try await self.sites.sites()]
        if let notice { page["notice"] = notice }
        if let error { page["error"] = error }
        return pages.render(
            "sites", title: context.catalog.gettext("Sites"), page: page, web: context.web,
            status: error == nil ? .ok : .badRequest)
    }

    @Sendable func sitesPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.webAccount(.admin)
        return try await sites(context)
    }

    @Sendable func addSite(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin)
        let name = try context.webForm.required("name", label: "Site name")
        do {
            try await self.sites.addSite(name, by: actor(account), requestID: context.id)
            return try await sites(context, notice: context.catalog.gettext("Added the site {name}.", ["name": name]))
        } catch let refusal as StudyDatabase.Refusal {
            return try await sites(context, error: refusal.worded(in: context.catalog))
        }
    }

    /// Rows a page of the audit trail shows.
    static let auditPerPage = 200

    /// The audit trail, newest first, 200 rows a page, filtered by who, what, participant and days (from, to: both
    /// included, UTC); `format=csv` downloads every row the filter matches (that download is itself a row,
    /// `audit.export`, with the filter). The filter is a posted form, so a participant's ID never stands in a URL
    /// that a proxy would log; its buttons carry the page.
    @Sendable func auditPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.webAccount(.admin)
        let form = context.webForm
        func filter(_ name: String) -> String? {
            let value = (form[name] ?? "").trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        let (who, what, participant) = (filter("actor"), filter("action"), filter("participant"))
        var shown: [String: Any] = [
            "actor": who ?? "", "action": what ?? "", "participant": participant ?? "", "from": filter("from") ?? "",
            "to": filter("to") ?? "",
        ]
        var chosen = StudyDatabase.AuditFilter(actor: who, action: what, participant: participant)
        do {
            let catalog = context.catalog
            for (name, label) in [("from", catalog.gettext("From")), ("to", catalog.gettext("To"))] {
                guard let text = filter(name) else { continue }
                guard let day = DiaryRow.day(text) else {
                    throw StudyDatabase.Refusal(
                        description: catalog.gettext(
                            "The day in {field} ('{text}') is not a day like 2026-11-26: type one, or leave it empty.",
                            ["field": label, "text": String(text.prefix(40))]))
                }
                if name == "from" { chosen.since = day } else { chosen.until = day.addingTimeInterval(86_400) }
            }
            if let since = chosen.since, let until = chosen.until, since >= until {
                throw StudyDatabase.Refusal(
                    description: catalog.gettext("From is after To: pick a From day on or before the To day."))
            }
        } catch let refusal as StudyDatabase.Refusal {
            shown["error"] = refusal.worded(in: context.catalog)
            shown["empty"] = true
            return pages.render(
                "audit", title: context.catalog.gettext("Audit trail"), page: shown, web: context.web,
                status: .badRequest)
        }
        if form["format"] == "csv" { return try await auditCSV(chosen, by: account, requestID: context.id) }
        let asked = try PageNumber.parse(filter("page"))
        let (found, total, page) = try await self.audit.auditPage(chosen, page: asked, perPage: Self.auditPerPage)
        let pageCount = max(1, (total + Self.auditPerPage - 1) / Self.auditPerPage)
        // A machine by its name (the id below it), as the site's page lists it; "who" takes the name too.
        let machines = try await self.audit.machineNames(ofActors: found.map(\.actor))
        shown["rows"] = found.reversed().map { row in
            var cells: [String: Any] = [
                "at": context.catalog.time(row.at), "actor": machines[row.actor] ?? row.actor,
                "role": row.role, "action": row.action,
                "site": row.site ?? "", "participant": row.participant ?? "", "before": row.before ?? "",
                "after": row.after ?? "",
            ]
            if machines[row.actor] != nil { cells["machine"] = String(row.actor.dropFirst("device:".count)) }
            return cells
        }
        shown["empty"] = found.isEmpty
        shown["total"] = total
        shown["page"] = page
        shown["pages"] = pageCount
        if page > 1 { shown["newer"] = page - 1 }
        if page < pageCount { shown["older"] = page + 1 }
        return pages.render("audit", title: context.catalog.gettext("Audit trail"), page: shown, web: context.web)
    }

    /// Every row `filter` matches as CSV, oldest first, after one `audit.export` row naming the filter: who took a
    /// copy of the trail is in the trail.
    private func auditCSV(
        _ filter: StudyDatabase.AuditFilter, by account: Account, requestID: String
    ) async throws -> Response {
        var detail: [String: String] = [:]
        detail["actor"] = filter.actor
        detail["action"] = filter.action
        detail["participant"] = filter.participant
        detail["since"] = filter.since.map(Timestamp.format)
        detail["until"] = filter.until.map(Timestamp.format)
        try await self.audit.audit(
            actor: actor(account), action: "audit.export", participant: filter.participant, after: detail,
            requestID: requestID)
        let rows = try await self.audit.auditPage(filter, page: 1, perPage: Int(Int32.max)).rows
        let machines = try await self.audit.machineNames(ofActors: rows.map(\.actor))
        var text = CSVWriter.headerLine(StudyDatabase.auditColumns)
        for row in rows { text += StudyDatabase.auditLine(row, machine: machines[row.actor]) }
        var headers = WebPages.securityHeaders
        headers[.contentType] = "text/csv; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"audit.csv\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
