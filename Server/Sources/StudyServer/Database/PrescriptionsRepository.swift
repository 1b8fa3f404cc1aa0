// Prescriptions: training plans and hearing profiles a supervisor gives a site's participant, fetched by the site's
// machines.
import Foundation

public protocol PrescriptionsRepository: Sendable {
    /// Stores a plan for `participant` of `site` (known to exist) and audits it; returns its id.
    func prescribePlan(
        site: String, participant: String, content: String, by actor: (name: String, role: String), requestID: String?
    ) async throws -> Int
    /// Stores a prescription of `kind` (plan or profile) and audits it; a deleted participant is refused (410); a
    /// second send with the same one-time `key` stores nothing and returns the first one's id.
    func prescribe(
        kind: String, site: String, participant: String, content: String, by actor: (name: String, role: String),
        requestID: String?, key: String?, sharedMachines: Bool
    ) async throws -> Int
    /// Prescription `id` if it is one of `site`'s.
    func prescription(id: Int, site: String) async throws -> StudyDatabase.Prescription?
    /// The prescriptions of `site` after `after`, oldest first; for `device`, only those it is to apply.
    func prescriptions(site: String, after: Int, kind: String, device: UUID?) async throws
        -> [StudyDatabase.Prescription]
}

extension StudyDatabase {
    public struct Prescription: Codable, Sendable, Equatable {
        public var id: Int
        public var participant: String
        public var kind: String
        /// The plan file's JSON, as the supervisor sent it (checked with StudyRecords' TrainingPlanFile).
        public var content: String
        public var createdAt: Date
        /// Whether a shared machine (a lab PC) where the participant played receives it too.
        public var sharedMachines: Bool

        enum CodingKeys: String, CodingKey {
            case id, participant, kind, content
            case createdAt = "created_at"
            case sharedMachines = "shared_machines"
        }
    }
}
