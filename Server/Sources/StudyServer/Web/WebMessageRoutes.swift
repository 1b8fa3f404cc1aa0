// The participant page's messages: the conversation with the study team, and the form a supervisor answers with.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import StudyRecords

extension WebParticipantRoutes {
    /// The page's "Messages" section: each message as text (the template escapes every byte; line breaks kept by the
    /// style sheet), the patient's unread ones marked new, the form's draft and its refusal.
    static func conversation(
        _ messages: [StudyDatabase.Message], draft: String, error: String?, catalog: MessageCatalog
    ) -> [String: Any] {
        var section: [String: Any] = [
            "messages": messages.map { message -> [String: Any] in
                let patient = message.sender == "patient"
                let who =
                    patient
                    ? catalog.gettext("Participant (message {id})", ["id": message.messageID ?? ""])
                    : catalog.gettext("Study team ({role})", ["role": message.role ?? ""])
                return [
                    "sender": message.sender, "who": who, "at": catalog.time(message.writtenAt),
                    "text": message.text, "unread": patient && message.readAt == nil,
                    "delivered": !patient && message.deliveredAt != nil,
                    "waiting": !patient && message.deliveredAt == nil,
                ]
            },
            "noMessages": messages.isEmpty, "draft": draft, "maximum": MessageRow.maximumCharacters,
        ]
        if let error { section["answerError"] = error }
        return section
    }

    /// `POST /sites/{site}/participants/{participant}/messages`: a supervisor's (or admin's) answer, checked as the
    /// API checks it (1 to 2,000 characters), stored and audited; the page shows it with a notice. A refused answer
    /// keeps its draft in the form, with the sentence beside it.
    @Sendable func answerMessages(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor)
        // A browser sends a textarea's line breaks as CR LF; the logs keep a line break as LF.
        let text = (context.webForm["text"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        if let problem = MessageRow.textProblem(text, field: "answer") {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                answer: (text, MessageRoutes.sentence(problem)), status: .badRequest)
        }
        let id = try await self.messages.answer(
            site: site, participant: participant, text: text, by: (account.name, account.role.rawValue),
            requestID: context.id)
        return try await render(
            site: site, participant: participant, account: account, context: context,
            notice: context.catalog.gettext(
                "Answer {id} stored: it reaches {participant}'s machines at their next sync.",
                ["id": String(id), "participant": participant]))
    }
}
