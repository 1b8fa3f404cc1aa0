// Routes of one participant's data for an admin: everything held of them as one ZIP, and their deletion; audited.
import Foundation
import Hummingbird
import StudyRecords

struct ParticipantRoutes {
    let sites: any SitesRepository
    let participantData: any ParticipantDataRepository

    struct Deleted: Encodable, Sendable {
        var site: String
        var participant: String
        /// What was held before the deletion, per place (files, items, registration_rows, sessions, trials…).
        var deleted: [String: Int]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sites/:site/participants/:participant/export", use: export)
        api.delete("sites/:site/participants/:participant", use: delete)
    }

    /// The site and participant of the path, for an admin; a participant the server holds nothing of is a 404.
    func target(_ context: AppRequestContext) async throws -> (Account, site: String, participant: String) {
        let account = try context.account(.admin)
        let site = try await DeviceRoutes.visibleSite(context, account: account, sites: sites)
        let participant = context.parameters.get("participant") ?? ""
        guard (try? ParticipantID(participant)) != nil else {
            throw Problem.badRequest(
                "\(participant) is not a participant ID: give it as the logs name it (letters, digits, '-', '_').")
        }
        return (account, site, participant)
    }

    /// `GET /api/v1/sites/{site}/participants/{participant}/export`: a ZIP of everything held of the participant.
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await target(context)
        // Read whole before the answer starts (one participant's files), so a refusal is still a problem+json.
        var zip = ZipSink(MemorySink())
        do {
            _ = try await self.participantData.exportParticipant(
                site: site, participant: participant, to: &zip, by: (account.name, account.role.rawValue),
                requestID: context.id)
        } catch let refusal as StudyDatabase.Refusal {
            throw Problem.notFound(refusal.description)
        }
        try await zip.finish()
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip",
                .contentDisposition: "attachment; filename=\"\(site)-\(participant).zip\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: zip.output.bytes)))
    }

    /// `DELETE /api/v1/sites/{site}/participants/{participant}`: everything held of them, at that site only.
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Deleted> {
        let (account, site, participant) = try await target(context)
        do {
            let (before, _) = try await self.participantData.deleteParticipant(
                site: site, participant: participant, by: (account.name, account.role.rawValue),
                requestID: context.id)
            return JSONReply(body: Deleted(site: site, participant: participant, deleted: before.counts))
        } catch let refusal as StudyDatabase.Refusal {
            throw Problem.notFound(refusal.description)
        }
    }
}

/// An export held in memory (one participant's files: small), for an answer that must not start before it is whole.
struct MemorySink: ExportSink {
    var bytes: [UInt8] = []
    mutating func begin(file: String) async throws {}
    mutating func write(_ bytes: [UInt8]) async throws { self.bytes += bytes }
    mutating func end(file: String) async throws {}
}
