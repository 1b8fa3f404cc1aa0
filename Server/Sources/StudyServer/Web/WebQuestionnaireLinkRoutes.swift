// The participant page's questionnaire links: a supervisor makes a personal link (`/q/TOKEN`) for the participant and
// one of the site's instruments, valid for some days, shown once; every link listed with its state, revocable.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import StudyRecords

extension WebParticipantRoutes {
    /// The site's instruments as a form's choices: a questionnaire's row and its name, version, language and title.
    static func instrumentChoices(_ instruments: [StoredInstrument]) -> [[String: Any]] {
        instruments.map { stored in
            [
                "row": stored.id,
                "label": "\(stored.instrument) v\(stored.version) (\(stored.language)) · \(stored.title)",
            ]
        }
    }

    /// The page's "Questionnaires on the web" section: the site's instruments to choose from, the participant's
    /// links (never a token: it was shown once), and the address of a link just made.
    static func linkSection(
        instruments: [StoredInstrument], links: [QuestionnaireLink], made: String?, catalog: MessageCatalog
    ) -> [String: Any] {
        let now = Date()
        var section: [String: Any] = [
            "instruments": instrumentChoices(instruments),
            "noInstruments": instruments.isEmpty,
            "links": links.map { link -> [String: Any] in
                let state =
                    link.revokedAt != nil
                    ? catalog.gettext("withdrawn {time}", ["time": catalog.time(link.revokedAt)])
                    : link.expiresAt <= now
                        ? catalog.gettext("expired {time}", ["time": catalog.time(link.expiresAt)])
                        : catalog.gettext("valid until {time}", ["time": catalog.time(link.expiresAt)])
                return [
                    "id": link.id, "what": "\(link.instrument) v\(link.version) (\(link.language))",
                    "moment": link.moment.rawValue, "made": catalog.time(link.createdAt), "by": link.createdBy,
                    "state": state, "active": link.revokedAt == nil && link.expiresAt > now,
                ]
            },
            "noLinks": links.isEmpty, "days": 14,
        ]
        if let made { section["made"] = made }
        return section
    }

    /// `POST …/questionnaire-links`: a new link (admin, supervisor of the site), audited; the page shows its address
    /// this once.
    @Sendable func makeQuestionnaireLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor)
        let form = context.webForm
        let catalog = context.catalog
        guard
            let asked = QuestionnaireLinkRoutes.request(
                instrument: Int(form["instrument"] ?? ""), moment: form["moment"], days: Int(form["days"] ?? ""))
        else {
            return try await render(
                site: site, participant: participant, account: account, context: context,
                error: catalog.gettext(
                    "Choose one of the site's questionnaires, when it is asked, and 1 to 60 days, then make the link again."
                ), status: .badRequest)
        }
        guard
            let (token, link) = try await questionnaireLinks.create(
                site: site, participant: participant, instrument: asked.instrument, moment: asked.moment,
                hours: asked.days * 24,
                by: (account.name, account.role.rawValue), requestID: context.id)
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No questionnaire {number} is held for {site}: choose one from the list.",
                    ["number": String(asked.instrument), "site": site]))
        }
        return try await render(
            site: site, participant: participant, account: account, context: context,
            notice: catalog.gettext(
                "Link {id} for {participant} is made: give it to them now, it is shown only this once.",
                ["id": String(link.id), "participant": participant]),
            questionnaireLink: QuestionnaireLinkRoutes.address(token: token, request: request, context: context))
    }

    /// `POST …/questionnaire-links/{link}/revoke`: the link stops working at once; what was answered stays.
    @Sendable func revokeQuestionnaireLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (account, site, participant) = try await participant(context, roles: .admin, .supervisor)
        let text = context.parameters.get("link") ?? ""
        guard let id = Int(text),
            try await questionnaireLinks.revoke(
                site: site, participant: participant, id: id, by: (account.name, account.role.rawValue),
                requestID: context.id)
        else {
            throw Problem.notFound(
                Sentence.gettext(
                    "No valid link {link} of {participant} is held: pick one from the participant's list.",
                    ["link": String(text.prefix(20)), "participant": participant]))
        }
        return try await render(
            site: site, participant: participant, account: account, context: context,
            notice: context.catalog.gettext(
                "Link {id} is withdrawn: it opens nothing now; the answers given through it stay.", ["id": String(id)]))
    }
}

extension HTTPField.Name {
    static let host = HTTPField.Name("Host")!
}
