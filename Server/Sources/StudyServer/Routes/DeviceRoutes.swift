// Routes of machines: enrolment codes (admin, supervisor), enrolment (public, rate limited), listing and revoking.
import Foundation
import Hummingbird

struct DeviceRoutes {
    let sites: any SitesRepository
    let devices: any DevicesRepository
    let rateLimits: any RateLimitsRepository
    let configuration: ServerConfiguration

    struct Code: Encodable, Sendable {
        var code: String
        var site: String
        var participant: String?
        var expiresAt: Date
        enum CodingKeys: String, CodingKey {
            case code, site, participant
            case expiresAt = "expires_at"
        }
    }

    struct EnrolBody: StrictBody {
        static let fields: Set<String> = ["code", "name"]
        var code: String
        var name: String
    }

    struct Enrolled: Encodable, Sendable {
        var device: Device
        var token: String
    }

    struct Devices: Encodable, Sendable {
        var devices: [Device]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.post("sites/:site/enrolment-codes", use: newCode)
        api.get("sites/:site/devices", use: devices)
        api.post("devices/:device/revoke", use: revoke)
        api.post("enrol", use: enrol)
        api.get("device", use: this)
    }

    /// The site named in the path if the account may see it; the same 404 whether it exists elsewhere or not at all.
    static func visibleSite(_ context: AppRequestContext, account: Account, sites: any SitesRepository) async throws
        -> String
    {
        let site = context.parameters.get("site") ?? ""
        guard account.sees(site: site), try await sites.siteID(site) != nil else {
            // A page's reader is pointed at the pages, an API client at the API.
            throw Problem.notFound(
                "No site named \(site) is visible to you: "
                    + (context.web == nil ? "GET /api/v1/sites lists yours." : "the overview (/) lists yours."))
        }
        return site
    }

    @Sendable func newCode(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Code> {
        let account = try context.account(.admin, .supervisor)
        let site = try await Self.visibleSite(context, account: account, sites: sites)
        // `?participant=P07`: the machine it enrols is that participant's (a home PC set up before the first session).
        let participant = request.uri.queryParameters["participant"].map(String.init)
        let code: String
        let expires: Date
        do {
            (code, expires) = try await self.devices.enrolmentCode(
                site: site, participant: participant, by: (account.name, account.role.rawValue), requestID: context.id)
        } catch let refusal as StudyDatabase.Refusal {
            throw Problem.badRequest(refusal.description)
        }
        return JSONReply(
            status: .created, body: Code(code: code, site: site, participant: participant, expiresAt: expires))
    }

    @Sendable func devices(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Devices> {
        let account = try context.account(.admin, .supervisor)
        let site = try await Self.visibleSite(context, account: account, sites: sites)
        return JSONReply(body: Devices(devices: try await self.devices.devices(site: site)))
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Device> {
        let account = try context.account(.admin, .supervisor)
        let text = context.parameters.get("device") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw Problem.badRequest(
                "The device id \(text) is not a UUID: copy it from GET /api/v1/sites/{site}/devices.")
        }
        guard let device = try await self.devices.device(id: id), account.sees(site: device.site) else {
            throw Problem.notFound("No device \(text) is visible to you: GET /api/v1/sites/{site}/devices lists yours.")
        }
        guard
            try await self.devices.revoke(device: id, by: (account.name, account.role.rawValue), requestID: context.id)
        else {
            throw Problem.conflict("The device \(text) was revoked already: nothing to do.", key: text)
        }
        return JSONReply(body: try await self.devices.device(id: id) ?? device)
    }

    @Sendable func enrol(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Enrolled> {
        let body = try await request.decodeStrictly(EnrolBody.self, context: context)
        if let retry = try await self.rateLimits.countAttempt(
            bucket: "enrol", limit: configuration.enrolmentAttempts, windowSeconds: configuration.rateWindowSeconds)
        {
            throw Problem(
                .tooManyRequests, "Too many attempts",
                "Too many enrolment attempts on this server: wait \(retry) seconds, then try again.",
                extra: ["retry_after": String(retry)])
        }
        let name = body.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 100 else {
            throw Problem.badRequest("The machine's name must have 1 to 100 characters: give a short one (e.g. lab-1).")
        }
        switch try await self.devices.enrol(code: body.code, name: name, requestID: context.id) {
        case .enrolled(let device, let token):
            return JSONReply(status: .created, body: Enrolled(device: device, token: token))
        case .unknown:
            throw Problem.forbidden("The enrolment code \(body.code) is not known: check it, or ask for a new one.")
        case .used:
            throw Problem.forbidden("The enrolment code \(body.code) was used already: ask a supervisor for a new one.")
        case .expired:
            throw Problem.forbidden(
                "The enrolment code \(body.code) has expired (codes last 24 hours): ask for a new one.")
        }
    }

    @Sendable func this(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Device> {
        JSONReply(body: try context.device())
    }
}
