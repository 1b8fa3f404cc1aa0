// Routes of prescriptions: a supervisor gives a participant of their site a training plan or a hearing-profile version;
// the site's machines fetch them.
import Foundation
import Hummingbird
import StudyRecords

struct PrescriptionRoutes {
    let sites: any SitesRepository
    let prescriptions: any PrescriptionsRepository

    struct Created: Encodable, Sendable {
        var id: Int
        var site: String
        var participant: String
    }

    struct Prescriptions: Encodable, Sendable {
        var prescriptions: [StudyDatabase.Prescription]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.post("sites/:site/participants/:participant/plans") { request, context in
            try await prescribe(kind: "plan", request, context: context)
        }
        api.post("sites/:site/participants/:participant/profiles") { request, context in
            try await prescribe(kind: "profile", request, context: context)
        }
        api.get("sync/prescriptions", use: fetch)
    }

    /// A plan or a hearing-profile version for a participant of the site (supervisor of the site, or admin).
    @Sendable func prescribe(kind: String, _ request: Request, context: AppRequestContext) async throws
        -> JSONReply<Created>
    {
        let account = try context.account(.admin, .supervisor)
        let site = try await DeviceRoutes.visibleSite(context, account: account, sites: sites)
        let participant = context.parameters.get("participant") ?? ""
        // A shared machine (a lab PC where the participant played) receives it only when asked: it keeps the lab's
        // settings otherwise (PrescriptionsRepository.prescriptions).
        let shared = request.uri.queryParameters["shared_machines"].map(String.init)
        guard shared == nil || shared == "true" || shared == "false" else {
            throw Problem.badRequest(
                "The parameter shared_machines=\(shared ?? "") is not true or false: give true to reach the lab machines where the participant played too, or leave it out."
            )
        }
        var request = request
        let data = Data(try await request.collectBody(upTo: context.maxUploadSize).readableBytesView)
        let content: String
        do {
            content = try PrescriptionCheck.content(
                kind: kind, participant: participant, data: data,
                name: kind == "plan" ? "The training plan" : "The profile")
        } catch let refusal as PrescriptionCheck.Refusal {
            throw Problem.badRequest(refusal.description)
        }
        let id = try await self.prescriptions.prescribe(
            kind: kind, site: site, participant: participant, content: content,
            by: (account.name, account.role.rawValue), requestID: context.id, key: nil,
            sharedMachines: shared == "true")
        return JSONReply(status: .created, body: Created(id: id, site: site, participant: participant))
    }

    @Sendable func fetch(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Prescriptions> {
        let device = try context.device()
        let text = request.uri.queryParameters["after"].map(String.init) ?? "0"
        guard let after = Int(text), after >= 0 else {
            throw Problem.badRequest(
                "The parameter after=\(text) is not a prescription id: give the last id applied, or 0.")
        }
        // Plans unless asked otherwise: a machine keeps one cursor per kind, and one that knows only plans never
        // steps over a profile it cannot apply.
        let kind = request.uri.queryParameters["kind"].map(String.init) ?? "plan"
        guard ["plan", "profile", "questionnaire"].contains(kind) else {
            throw Problem.badRequest(
                "The parameter kind=\(kind) is not a prescription kind: give plan, profile or questionnaire.")
        }
        return JSONReply(
            body: Prescriptions(
                prescriptions: try await self.prescriptions.prescriptions(
                    site: device.site, after: after, kind: kind, device: device.id)))
    }
}
