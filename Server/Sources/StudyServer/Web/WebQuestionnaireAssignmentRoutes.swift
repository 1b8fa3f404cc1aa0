// The participant page's assigned questionnaires: one of the site's instruments assigned to the participant (once, or
// every N days a set number of times), each listed with where it stands, withdrawable; the game asks it.
import Foundation
import Hummingbird
import Localization
import StudyRecords
import TidyFormats

extension WebParticipantRoutes {
    /// The page's "Assigned questionnaires" section from the participant's assignments (`records`) and the site's
    /// instruments (the choices): every role that sees the participant reads it; the form and the withdraw buttons
    /// are the care team's (`canAssign`).
    func assignmentSection(
        site: String, participant: String, records: [QuestionnaireAssignmentRecord],
        instruments: [StoredInstrument], canAssign: Bool, catalog: MessageCatalog
    ) async throws -> [String: Any] {
        let rows =
            records.isEmpty
            ? []
            : try await QuestionnaireAssignmentRoutes.questionnaireRows(
                site: site, participant: participant, participantPages: participantPages, links: questionnaireLinks)
        let now = Date()
        var section: [String: Any] = [
            "assignments": records.map { record -> [String: Any] in
                let a = record.assignment
                let schedule = AssignmentSchedule(
                    assignment: a, assignedAt: record.createdAt, rows: rows, today: now)
                let how =
                    a.everyDays.map { days in
                        catalog.ngettext(
                            "every {days} days, {count} time", "every {days} days, {count} times", a.times,
                            ["days": String(days)])
                    } ?? catalog.gettext("once")
                let state =
                    record.withdrawnAt.map { at in
                        catalog.gettext(
                            "withdrawn {time}; answered {answered}",
                            ["time": catalog.time(at), "answered": String(schedule.answeredCount)])
                    } ?? schedule.summary(catalog)
                return [
                    "id": record.id, "what": "\(a.instrument) v\(a.version) (\(a.language))", "how": how,
                    "made": catalog.time(record.createdAt), "by": record.createdBy, "state": state,
                    "canWithdraw": canAssign && record.withdrawnAt == nil,
                ]
            },
            "noAssignments": records.isEmpty, "canAssign": canAssign,
        ]
        if canAssign {
            section["instruments"] = Self.instrumentChoices(instruments)
            section["noInstruments"] = instruments.isEmpty
        }
        return section
    }

    /// `POST …/questionnaire-assignments` (admin, supervisor of the site): the form's choice made into the
    /// assignment's JSON and read by the API's one rule; audited.
    @Sendable func assignQuestionnaire(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor)
        let form = context.webForm
        let catalog = context.catalog
        let held = try await instruments.list(site: site)
        guard let row = Int(form["instrument"] ?? ""), let stored = held.first(where: { $0.id == row }),
            let repeatChoice = form["repeat"], ["once", "every"].contains(repeatChoice)
        else {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                error: catalog.gettext(
                    "Choose one of the site's questionnaires and how often it is asked, then assign it again."),
                status: .badRequest)
        }
        var pairs: [(String, JSONValue)] = [
            ("instrument", .string(stored.instrument)), ("version", .integer(stored.version)),
            ("language", .string(stored.language)),
        ]
        if repeatChoice == "every" {
            guard let days = Int(form["every_days"] ?? ""), let times = Int(form["times"] ?? "") else {
                return try await render(
                    site: site, participant: participant, account: account, context: context,
                    error: catalog.gettext(
                        "Give every how many days (1 to 365) and how many times in all (2 to 100), then assign it again."
                    ), status: .badRequest)
            }
            pairs += [("every_days", .integer(days)), ("times", .integer(times))]
        }
        let assignment: QuestionnaireAssignment
        do {
            assignment = try await QuestionnaireAssignmentRoutes.checked(
                Data(JSONValue.object(pairs).rendered().utf8), site: site, instruments: instruments)
        } catch let problem as Problem where problem.status == .badRequest {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                error: catalog.gettext(
                    "Give every how many days (1 to 365) and how many times in all (2 to 100), then assign it again."
                ), status: .badRequest)
        }
        let id = try await questionnaireAssignments.assign(
            site: site, participant: participant, assignment: assignment, by: (account.name, account.role.rawValue),
            requestID: context.id, key: nil)
        return try await render(
            site: site, participant: participant, account: account, context: context,
            notice: catalog.gettext(
                "Questionnaire {instrument} is assigned to {participant} (number {id}): their machines receive it at the next sync.",
                ["instrument": assignment.instrument, "participant": participant, "id": String(id)]))
    }

    /// `POST …/questionnaire-assignments/{assignment}/withdraw`: not asked from the machines' next sync on.
    @Sendable func withdrawQuestionnaire(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor)
        let text = context.parameters.get("assignment") ?? ""
        guard let id = Int(text),
            try await questionnaireAssignments.withdraw(
                site: site, participant: participant, id: id, by: (account.name, account.role.rawValue),
                requestID: context.id)
        else {
            throw QuestionnaireAssignmentRoutes.notHeld(text, participant: participant)
        }
        return try await render(
            site: site, participant: participant, account: account, context: context,
            notice: context.catalog.gettext(
                "Assignment {id} is withdrawn: the game stops asking it after the next sync; the answers given stay.",
                ["id": String(id)]))
    }
}
