// Routes of questionnaires assigned to one participant without a plan: a supervisor assigns one of the site's
// instruments (once, or every N days a set number of times) and may withdraw it; it reaches the participant's machines
// as a prescription of kind `questionnaire` (`GET /api/v1/sync/prescriptions?kind=questionnaire`).
import Foundation
import Hummingbird
import Localization
import StudyRecords

struct QuestionnaireAssignmentRoutes {
    let sites: any SitesRepository
    let instruments: any InstrumentsRepository
    let assignments: any QuestionnaireAssignmentsRepository
    let participantPages: any ParticipantPagesRepository
    let questionnaireLinks: any QuestionnaireLinksRepository
    let audit: any AuditRepository

    struct Created: Encodable, Sendable {
        var id: Int
        var site: String
        var participant: String
    }

    struct Listing: Encodable, Sendable {
        struct Item: Encodable, Sendable {
            var id: Int
            var instrument: String
            var version: Int
            var language: String
            var everyDays: Int?
            var times: Int
            var assignedAt: Date
            var assignedBy: String
            var withdrawnAt: Date?
            var asked: Int
            var answered: Int
            var state: String

            enum CodingKeys: String, CodingKey {
                case id, instrument, version, language, times, asked, answered, state
                case everyDays = "every_days"
                case assignedAt = "assigned_at"
                case assignedBy = "assigned_by"
                case withdrawnAt = "withdrawn_at"
            }
        }
        var site: String
        var participant: String
        var assignments: [Item]
    }

    struct Withdrawn: Encodable, Sendable {
        var id: Int
        var withdrawn: Bool
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sites/:site/participants/:participant/questionnaires", use: list)
        api.post("sites/:site/participants/:participant/questionnaires", use: assign)
        api.post("sites/:site/participants/:participant/questionnaires/:assignment/withdraw", use: withdraw)
    }

    /// The caller (a role of `write` when writing: a researcher reads only, 403 as on every writing route), the
    /// site, and the participant as a valid ID (a prescription may precede the participant's first sync).
    func target(_ context: AppRequestContext, write: Bool) async throws -> (Account, String, String) {
        let account =
            write ? try context.account(.admin, .supervisor) : try context.account(.admin, .supervisor, .researcher)
        let site = try await DeviceRoutes.visibleSite(context, account: account, sites: sites)
        let participant = context.parameters.get("participant") ?? ""
        do { _ = try ParticipantID(participant) } catch {
            throw Problem.badRequest(
                Sentence.gettext(
                    "The participant ID {participant} is not valid: {reason}",
                    ["participant": participant, "reason": "\(error)"]))
        }
        return (account, site, participant)
    }

    /// The one rule of an assignment, for the API's body and the dashboard's form: StudyRecords' reader (the one
    /// a machine reads it with), then the instrument must be one of the site's (that id, version and language).
    static func checked(_ data: Data, site: String, instruments: any InstrumentsRepository) async throws
        -> QuestionnaireAssignment
    {
        let assignment: QuestionnaireAssignment
        do {
            guard case .assign(let read) = try QuestionnaireAssignment.content(data, file: "The assignment") else {
                throw ProtocolError(
                    file: "The assignment", field: "withdraw",
                    problem: "is not part of an assignment; withdraw one with POST …/questionnaires/{id}/withdraw")
            }
            assignment = read
        } catch let error as ProtocolError {
            throw Problem(
                .badRequest, "Bad request", error.description, extra: error.field.isEmpty ? [:] : ["field": error.field]
            )
        }
        guard
            try await instruments.list(site: site).contains(where: {
                $0.instrument == assignment.instrument && $0.version == assignment.version
                    && $0.language == assignment.language
            })
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No questionnaire {id} version {version} ({language}) is held for {site}: add it on the site's page first, or choose one it holds.",
                    [
                        "id": assignment.instrument, "version": String(assignment.version),
                        "language": assignment.language, "site": site,
                    ]))
        }
        return assignment
    }

    /// The participant's questionnaire rows as their machines synced them and as given on the web (each row once).
    static func questionnaireRows(
        site: String, participant: String, participantPages: any ParticipantPagesRepository,
        links: any QuestionnaireLinksRepository
    ) async throws -> [QuestionnaireRow] {
        let synced = try await participantPages.patientRecord(site: site, participant: participant).questionnaires
        var seen = Set<String>()
        return (synced.flatMap(\.rows) + (try await links.webRows(site: site, participant: participant)))
            .filter { seen.insert("\($0.administration)\t\($0.record.rawValue)\t\($0.item)").inserted }
    }

    /// `GET …/questionnaires`: the participant's assignments with where each stands (anyone who sees the site);
    /// audited as `questionnaire_assignments.view`.
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Listing> {
        let (account, site, participant) = try await target(context, write: false)
        let records = try await assignments.assignments(site: site, participant: participant)
        let rows =
            records.isEmpty
            ? []
            : try await Self.questionnaireRows(
                site: site, participant: participant, participantPages: participantPages, links: questionnaireLinks)
        let now = Date()
        // What was answered is health data: the reading is a row, as the participant page's.
        try await audit.auditView(
            "questionnaire_assignments", by: account, site: site, participant: participant,
            detail: ["assignments": String(records.count)], requestID: context.id)
        return JSONReply(
            body: Listing(
                site: site, participant: participant,
                assignments: records.map { record in
                    let schedule = AssignmentSchedule(
                        assignment: record.assignment, assignedAt: record.createdAt, rows: rows, today: now)
                    let a = record.assignment
                    return Listing.Item(
                        id: record.id, instrument: a.instrument, version: a.version, language: a.language,
                        everyDays: a.everyDays, times: a.times, assignedAt: record.createdAt,
                        assignedBy: record.createdBy, withdrawnAt: record.withdrawnAt, asked: schedule.opened,
                        answered: schedule.answeredCount,
                        state: record.withdrawnAt != nil ? "withdrawn" : Self.stateName(schedule.state))
                }))
    }

    static func stateName(_ state: AssignmentSchedule.State) -> String {
        switch state {
        case .due: return "due"
        case .overdue: return "overdue"
        case .next: return "answered"
        case .done: return "finished"
        }
    }

    /// `POST …/questionnaires` (admin, supervisor of the site): the body is the assignment's JSON.
    @Sendable func assign(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Created> {
        let (account, site, participant) = try await target(context, write: true)
        var request = request
        let data = Data(try await request.collectBody(upTo: context.maxUploadSize).readableBytesView)
        let assignment = try await Self.checked(data, site: site, instruments: instruments)
        let id = try await assignments.assign(
            site: site, participant: participant, assignment: assignment, by: (account.name, account.role.rawValue),
            requestID: context.id, key: nil)
        return JSONReply(status: .created, body: Created(id: id, site: site, participant: participant))
    }

    /// The one refusal of a withdrawal, on the API and the page: no such assignment, or withdrawn already (404).
    static func notHeld(_ text: String, participant: String) -> Problem {
        Problem.notFound(
            Sentence.gettext(
                "No assigned questionnaire {assignment} of {participant} is held that is not withdrawn: pick one from the participant's list.",
                ["assignment": String(text.prefix(20)), "participant": participant]))
    }

    /// `POST …/questionnaires/{assignment}/withdraw` (admin, supervisor of the site): not asked from the next sync on;
    /// what was answered stays.
    @Sendable func withdraw(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Withdrawn> {
        let (account, site, participant) = try await target(context, write: true)
        let text = context.parameters.get("assignment") ?? ""
        guard let id = Int(text),
            try await assignments.withdraw(
                site: site, participant: participant, id: id, by: (account.name, account.role.rawValue),
                requestID: context.id)
        else {
            throw QuestionnaireAssignmentRoutes.notHeld(text, participant: participant)
        }
        return JSONReply(body: Withdrawn(id: id, withdrawn: true))
    }
}
