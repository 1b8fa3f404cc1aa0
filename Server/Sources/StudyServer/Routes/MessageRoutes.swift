// Routes of messages: a supervisor of the site reads a participant's messages and answers them; the site's machines
// fetch the answers.
import Foundation
import Hummingbird
import StudyRecords

struct MessageRoutes {
    let sites: any SitesRepository
    let messages: any MessagesRepository
    let audit: any AuditRepository
    let participantPages: any ParticipantPagesRepository

    struct Conversation: Encodable, Sendable {
        var site: String
        var participant: String
        var messages: [StudyDatabase.Message]
    }

    struct AnswerBody: StrictBody {
        static let fields: Set<String> = ["text"]
        var text: String
    }

    struct Created: Encodable, Sendable {
        var id: Int
        var site: String
        var participant: String
    }

    struct Answers: Encodable, Sendable {
        var answers: [StudyDatabase.Answer]
    }

    func add(to api: RouterGroup<AppRequestContext>) {
        api.get("sites/:site/participants/:participant/messages", use: list)
        api.post("sites/:site/participants/:participant/messages", use: answer)
        api.get("sync/messages", use: fetch)
    }

    /// The site and participant of the path, for an admin or a supervisor of the site; a site not theirs, an ID that
    /// is none and a participant of whom nothing is held there are the same 404.
    func target(_ context: AppRequestContext) async throws -> (Account, site: String, participant: String) {
        let account = try context.account(.admin, .supervisor)
        let site = try await DeviceRoutes.visibleSite(context, account: account, sites: sites)
        let participant = context.parameters.get("participant") ?? ""
        guard (try? ParticipantID(participant)) != nil,
            try await self.participantPages.participantIsKnown(site: site, participant: participant)
        else {
            throw Problem.notFound(
                "No participant \(participant) is known at site \(site): check the ID (their machines sync their logs first)."
            )
        }
        return (account, site, participant)
    }

    /// `GET …/messages`: the conversation, oldest first; reading it marks the patient's messages read, and is audited.
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Conversation> {
        let (account, site, participant) = try await target(context)
        let messages = try await self.messages.messages(site: site, participant: participant)
        try await self.messages.markMessagesRead(site: site, participant: participant)
        try await self.audit.auditView(
            "messages", by: account, site: site, participant: participant,
            detail: ["messages": String(messages.count)], requestID: context.id)
        return JSONReply(body: Conversation(site: site, participant: participant, messages: messages))
    }

    /// `POST …/messages {"text"}`: the team's answer, which the participant's machines receive at their next sync.
    @Sendable func answer(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Created> {
        let (account, site, participant) = try await target(context)
        let body = try await request.decodeStrictly(AnswerBody.self, context: context)
        if let problem = MessageRow.textProblem(body.text, field: "field \"text\"") {
            throw Problem(.badRequest, "Bad request", Self.sentence(problem), extra: ["field": "text"])
        }
        let id = try await self.messages.answer(
            site: site, participant: participant, text: body.text, by: (account.name, account.role.rawValue),
            requestID: context.id)
        return JSONReply(status: .created, body: Created(id: id, site: site, participant: participant))
    }

    /// `GET /api/v1/sync/messages?after=N` (device token): the team's answers to the participants the machine serves.
    @Sendable func fetch(_ request: Request, context: AppRequestContext) async throws -> JSONReply<Answers> {
        let device = try context.device()
        let text = request.uri.queryParameters["after"].map(String.init) ?? "0"
        guard let after = Int(text), after >= 0 else {
            throw Problem.badRequest(
                "The parameter after=\(text) is not an answer's id: give the last one received, or 0.")
        }
        return JSONReply(
            body: Answers(answers: try await self.messages.answers(site: device.site, device: device.id, after: after)))
    }

    /// A record's problem as the page's or the API's sentence: capitalised, ending with a full stop.
    static func sentence(_ problem: String) -> String {
        (problem.first.map { $0.uppercased() + problem.dropFirst() } ?? problem) + "."
    }
}
