// Routes of prescriptions: a supervisor gives a participant of their site a training plan; the site's machines fetch it.
import Foundation
import Hummingbird
import StudyRecords

struct PrescriptionRoutes {
    let database: StudyDatabase

    struct Created: Encodable, Sendable {
        var id: Int
        var site: String
        var participant: String
    }

    struct Prescriptions: Encodable, Sendable {
        var prescriptions: [StudyDatabase.Prescription]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.post("sites/:site/participants/:participant/plans", use: prescribe)
        api.get("sync/prescriptions", use: fetch)
    }

    @Sendable func prescribe(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Created> {
        let account = try context.account(.admin, .supervisor)
        let site = try await DeviceRoutes.visibleSite(context, account: account, database: database)
        let participant = context.parameters.get("participant") ?? ""
        var request = request
        let data = Data(try await request.collectBody(upTo: context.maxUploadSize).readableBytesView)
        try Self.check(participant: participant, plan: data)
        let id = try await database.prescribePlan(
            site: site, participant: participant, content: String(decoding: data, as: UTF8.self),
            by: (account.name, account.role.rawValue), requestID: context.id)
        return JSONReply(status: .created, body: Created(id: id, site: site, participant: participant))
    }

    /// A 400 unless `participant` is a valid ID and `plan` a plan file `soundsafari plan assign` accepts (the same
    /// check, so a machine never receives a plan it refuses). The API and the dashboard's form both call it.
    static func check(participant: String, plan: Data) throws {
        do { _ = try ParticipantID(participant) } catch {
            throw Problem.badRequest("The participant ID \(participant) is not valid: \(error)")
        }
        do {
            _ = try TrainingPlanFile.parse(plan, file: "The training plan")
        } catch {
            throw Problem.badRequest("\(error)".trimmingCharacters(in: .whitespaces))
        }
    }

    @Sendable func fetch(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Prescriptions> {
        let device = try context.device()
        let text = request.uri.queryParameters["after"].map(String.init) ?? "0"
        guard let after = Int(text), after >= 0 else {
            throw Problem.badRequest(
                "The parameter after=\(text) is not a prescription id: give the last id applied, or 0.")
        }
        return JSONReply(
            body: Prescriptions(prescriptions: try await database.prescriptions(site: device.site, after: after)))
    }
}
