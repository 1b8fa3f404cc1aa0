// Routes of instruments: a supervisor adds a questionnaire (the instrument file the game reads) for their site, every
// version kept; the site's machines fetch them at their next sync and check them again as a local file.
import Foundation
import Hummingbird
import StudyRecords

struct InstrumentRoutes {
    let instruments: any InstrumentsRepository
    let sites: any SitesRepository

    /// At most this many instruments go to a machine per sync; the rest follow at the next.
    static let perFetch = 100

    struct Listing: Encodable, Sendable {
        var site: String
        var instruments: [StoredInstrument]
    }

    struct ForMachines: Encodable, Sendable {
        struct Item: Encodable, Sendable {
            var id: Int
            var instrument: String
            var version: Int
            var language: String
            var content: String
        }
        var instruments: [Item]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sites/:site/instruments", use: list)
        api.post("sites/:site/instruments", use: upload)
        api.get("sync/instruments", use: fetch)
    }

    /// The file's instrument, checked as the game checks an added one (StudyRecords' `InstrumentFile`), or a 400
    /// whose sentence and `field` name what is wrong.
    static func checked(_ data: Data) throws -> Instrument {
        do {
            return try InstrumentFile.parseAddable(data, file: "The instrument file")
        } catch let error as ProtocolError {
            throw Problem(
                .badRequest, "Bad request", error.description, extra: error.field.isEmpty ? [:] : ["field": error.field]
            )
        }
    }

    /// `GET /api/v1/sites/{site}/instruments`: every version of the site's instruments (anyone who sees the site).
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Listing> {
        let account = try context.account(.admin, .supervisor, .researcher)
        let site = try await DeviceRoutes.visibleSite(context, account: account, sites: sites)
        return JSONReply(body: Listing(site: site, instruments: try await instruments.list(site: site)))
    }

    /// `POST /api/v1/sites/{site}/instruments` (the file as the body): stored as a new version and audited.
    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> JSONReply<StoredInstrument> {
        let account = try context.account(.admin, .supervisor)
        let site = try await DeviceRoutes.visibleSite(context, account: account, sites: sites)
        var request = request
        let data = Data(try await request.collectBody(upTo: context.maxUploadSize).readableBytesView)
        let instrument = try Self.checked(data)
        let stored = try await instruments.add(
            site: site, instrument: instrument.id, version: instrument.version, language: instrument.language,
            title: instrument.title, content: String(decoding: data, as: UTF8.self),
            by: (account.name, account.role.rawValue), requestID: context.id)
        return JSONReply(status: .created, body: stored)
    }

    /// `GET /api/v1/sync/instruments?after=N` (device token): the site's instruments the machine has not received.
    @Sendable func fetch(_ request: Request, context: AppRequestContext) async throws -> JSONReply<ForMachines> {
        let device = try context.device()
        let text = request.uri.queryParameters["after"].map(String.init) ?? "0"
        guard let after = Int(text), after >= 0 else {
            throw Problem.badRequest(
                "The parameter after=\(text) is not an instrument's id: give the last one received, or 0.")
        }
        let held = try await instruments.forMachines(site: device.site, after: after, limit: Self.perFetch)
        return JSONReply(
            body: ForMachines(
                instruments: held.map {
                    .init(
                        id: $0.id, instrument: $0.instrument, version: $0.version, language: $0.language,
                        content: $0.content ?? "")
                }))
    }
}
