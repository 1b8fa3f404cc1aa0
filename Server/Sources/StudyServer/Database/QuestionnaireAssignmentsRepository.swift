// Questionnaires assigned to one participant without a plan: stored as prescriptions of kind `questionnaire` (an
// assignment, or the withdrawal of one), so they reach the participant's machines as plans and profiles do.
import Foundation
import StudyRecords

public protocol QuestionnaireAssignmentsRepository: Sendable {
    /// Assigns one of the site's instruments to `participant` (known at the site; a deleted one 410) and audits it
    /// (`prescription.questionnaire`); a second send with the same one-time `key` stores nothing and returns the first
    /// one's id.
    func assign(
        site: String, participant: String, assignment: QuestionnaireAssignment, by actor: (name: String, role: String),
        requestID: String?, key: String?
    ) async throws -> Int
    /// Withdraws assignment `id` of the participant (false: none such, or withdrawn already); audited
    /// (`prescription.questionnaire_withdraw`).
    func withdraw(
        site: String, participant: String, id: Int, by actor: (name: String, role: String), requestID: String?
    )
        async throws -> Bool
    /// The participant's assignments, oldest first, each with its withdrawal if any.
    func assignments(site: String, participant: String) async throws -> [QuestionnaireAssignmentRecord]
}

/// One assignment as the server holds it.
public struct QuestionnaireAssignmentRecord: Sendable, Equatable {
    /// The prescription's number (the withdrawal names it).
    public var id: Int
    public var participant: String
    public var assignment: QuestionnaireAssignment
    public var createdAt: Date
    public var createdBy: String
    public var withdrawnAt: Date?
    public var withdrawnBy: String?
}
