// Routes of personal web questionnaire links (`/q/TOKEN`) in the API: make one for a participant and one of the site's
// instruments, list them, withdraw one — by the same rule and audit as the participant page's form.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import StudyRecords

struct QuestionnaireLinkRoutes {
    let sites: any SitesRepository
    let participantPages: any ParticipantPagesRepository
    let questionnaireLinks: any QuestionnaireLinksRepository

    /// How long a link may be valid, in days (the page's default 14).
    static let days = 1...60

    /// The one rule of a link asked for (the page's form and the API's body): one of the site's instruments by its
    /// row (`GET …/instruments` lists them), asked as `baseline` or `on_request`, valid 1 to 60 days; nil otherwise.
    static func request(instrument: Int?, moment: String?, days: Int?) -> (
        instrument: Int, moment: QuestionnaireMoment, days: Int
    )? {
        guard let instrument, let moment = moment.flatMap(QuestionnaireMoment.init(rawValue:)),
            [.baseline, .onRequest].contains(moment), let days, Self.days.contains(days)
        else { return nil }
        return (instrument, moment, days)
    }

    /// The link's address as the participant opens it: this server as the request reached it (https behind a proxy
    /// that says so, as the dashboard's cookies judge it).
    static func address(token: String, request: Request, context: AppRequestContext) -> String {
        let overTLS = context.web?.overTLS ?? (request.headers[.xForwardedProto]?.lowercased() == "https")
        let scheme = overTLS ? "https" : "http"
        let host = request.head.authority ?? request.headers[.host] ?? "localhost"
        return "\(scheme)://\(host)/q/\(token)"
    }

    struct Body: StrictBody {
        static let fields: Set<String> = ["instrument", "moment", "days"]
        var instrument: Int
        var moment: String
        var days: Int
    }

    struct Item: Encodable, Sendable {
        var id: Int
        var instrument: String
        var version: Int
        var language: String
        var moment: String
        var createdAt: Date
        var createdBy: String
        var expiresAt: Date
        var revokedAt: Date?
        var state: String

        init(_ link: QuestionnaireLink, now: Date) {
            id = link.id
            instrument = link.instrument
            version = link.version
            language = link.language
            moment = link.moment.rawValue
            createdAt = link.createdAt
            createdBy = link.createdBy
            expiresAt = link.expiresAt
            revokedAt = link.revokedAt
            state = link.revokedAt != nil ? "withdrawn" : link.expiresAt <= now ? "expired" : "valid"
        }

        enum CodingKeys: String, CodingKey {
            case id, instrument, version, language, moment, state
            case createdAt = "created_at"
            case createdBy = "created_by"
            case expiresAt = "expires_at"
            case revokedAt = "revoked_at"
        }
    }

    struct Made: Encodable, Sendable {
        var link: Item
        /// The address with its token: shown this once, only its hash is kept.
        var url: String
    }

    struct Listing: Encodable, Sendable {
        var site: String
        var participant: String
        var links: [Item]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sites/:site/participants/:participant/questionnaire-links", use: list)
        api.post("sites/:site/participants/:participant/questionnaire-links", use: make)
        api.post("sites/:site/participants/:participant/questionnaire-links/:link/revoke", use: revoke)
    }

    /// The care team's (admin, the site's supervisors; a researcher sees no link, as on the page): the site and a
    /// participant of whom something is held there; otherwise the same 404.
    func target(_ context: AppRequestContext) async throws -> (Account, site: String, participant: String) {
        let account = try context.account(.admin, .supervisor)
        let site = try await DeviceRoutes.visibleSite(context, account: account, sites: sites)
        let participant = context.parameters.get("participant") ?? ""
        guard (try? ParticipantID(participant)) != nil,
            try await participantPages.participantIsKnown(site: site, participant: participant)
        else {
            throw Problem.notFound(
                "No participant \(participant) is known at site \(site): check the ID (their machines sync their logs first)."
            )
        }
        return (account, site, participant)
    }

    /// `GET …/questionnaire-links`: the participant's links, newest first, never a token.
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Listing> {
        let (_, site, participant) = try await target(context)
        let now = Date()
        let links = try await questionnaireLinks.links(site: site, participant: participant)
        return JSONReply(
            body: Listing(site: site, participant: participant, links: links.map { Item($0, now: now) }))
    }

    /// `POST …/questionnaire-links {"instrument", "moment", "days"}`: a new link, audited; its address this once.
    @Sendable func make(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Made> {
        let (account, site, participant) = try await target(context)
        let body = try await request.decodeStrictly(Body.self, context: context)
        guard let asked = Self.request(instrument: body.instrument, moment: body.moment, days: body.days) else {
            throw Problem.badRequest(
                "A link asks one of the site's questionnaires (its number from GET /api/v1/sites/\(site)/instruments) as baseline or on_request, valid 1 to 60 days: correct moment or days."
            )
        }
        guard
            let (token, link) = try await questionnaireLinks.create(
                site: site, participant: participant, instrument: asked.instrument, moment: asked.moment,
                hours: asked.days * 24, by: (account.name, account.role.rawValue), requestID: context.id)
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No questionnaire {number} is held for {site}: choose one from the list.",
                    ["number": String(asked.instrument), "site": site]))
        }
        return JSONReply(
            status: .created,
            body: Made(
                link: Item(link, now: Date()), url: Self.address(token: token, request: request, context: context)))
    }

    /// `POST …/questionnaire-links/{link}/revoke`: it opens nothing from now on; what was answered stays. Audited.
    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Item> {
        let (account, site, participant) = try await target(context)
        let text = context.parameters.get("link") ?? ""
        guard let id = Int(text),
            try await questionnaireLinks.revoke(
                site: site, participant: participant, id: id, by: (account.name, account.role.rawValue),
                requestID: context.id),
            let link = try await questionnaireLinks.links(site: site, participant: participant).first(where: {
                $0.id == id
            })
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No valid link {link} of {participant} is held: pick one from the participant's list.",
                    ["link": String(text.prefix(20)), "participant": participant]))
        }
        return JSONReply(body: Item(link, now: Date()))
    }
}
