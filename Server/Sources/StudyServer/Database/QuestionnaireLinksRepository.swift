// Personal links to a questionnaire on the web (`/q/TOKEN`): made for one participant and one of the site's
// instruments, valid for a set time, revocable; the answers given through them, fetched by the site's machines.
import Foundation
import StudyRecords

public protocol QuestionnaireLinksRepository: Sendable {
    /// A new link for `participant` of `site` to the site's instrument row `instrument` (its newest version in that
    /// id and language is what the supervisor picked), valid `hours`; the token is returned once, only its hash
    /// kept. Audited as `questionnaire_link.create`. Nil when the instrument is not the site's.
    func create(
        site: String, participant: String, instrument: Int, moment: QuestionnaireMoment, hours: Int,
        by actor: (name: String, role: String), requestID: String?
    ) async throws -> (token: String, link: QuestionnaireLink)?
    /// The participant's links, newest first.
    func links(site: String, participant: String) async throws -> [QuestionnaireLink]
    /// Revokes link `id` of the participant (false: none such, or revoked already); audited.
    func revoke(site: String, participant: String, id: Int, by actor: (name: String, role: String), requestID: String?)
        async throws -> Bool
    /// The link of a token that is valid now (not expired, not revoked) with its instrument file; nil otherwise.
    /// Each opening is audited as `questionnaire_link.open` (the link's number; no address of the browser).
    func open(token: String, requestID: String?) async throws -> (link: QuestionnaireLink, instrument: String)?
    /// The questionnaire rows given on the web for the participant, in the order given.
    func webRows(site: String, participant: String) async throws -> [QuestionnaireRow]
    /// Stores rows given through `link` (an answer, and the score rows when it finished the administration); a row
    /// of an item answered already (another tab, the game's row synced meanwhile) is not stored twice. Returns how
    /// many were stored.
    func append(_ rows: [QuestionnaireRow], link: QuestionnaireLink) async throws -> Int
    /// The site's web rows after `after` (a machine's cursor) of the participants `device` serves
    /// (`machine_participants`), oldest first, at most `limit`: id, participant and the questionnaires.csv line
    /// under `QuestionnaireRow.columns`.
    func forMachines(site: String, device: UUID, after: Int, limit: Int) async throws -> [(
        id: Int, participant: String, line: String
    )]
}

/// One personal link (never its token).
public struct QuestionnaireLink: Sendable, Equatable {
    public var id: Int
    public var site: String
    public var participant: String
    /// The server's row of the instrument version the link asks.
    public var instrumentRow: Int
    public var instrument: String
    public var version: Int
    public var language: String
    public var title: String
    public var moment: QuestionnaireMoment
    public var expiresAt: Date
    public var revokedAt: Date?
    public var createdBy: String
    public var createdAt: Date
}
