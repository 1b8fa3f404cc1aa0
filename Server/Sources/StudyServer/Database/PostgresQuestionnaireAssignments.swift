// Questionnaires assigned to one participant, in PostgreSQL's prescriptions table (kind `questionnaire`).
import Foundation
import PostgresNIO
import StudyRecords

public struct PostgresQuestionnaireAssignments: QuestionnaireAssignmentsRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// Stored and audited as every prescription is (`PostgresPrescriptions.prescribe`): the deleted participant's
    /// 410, the form's one-time key, the participant's own machines only.
    public func assign(
        site: String, participant: String, assignment: QuestionnaireAssignment, by actor: (name: String, role: String),
        requestID: String?, key: String?
    ) async throws -> Int {
        try await PostgresPrescriptions(database: database).prescribe(
            kind: "questionnaire", site: site, participant: participant, content: assignment.json, by: actor,
            requestID: requestID, key: key)
    }

    /// A withdrawal is a prescription of its own naming the assignment, so a machine that applied the assignment
    /// learns of it at its next sync; two at once store one (the row lock on the assignment).
    public func withdraw(
        site: String, participant: String, id: Int, by actor: (name: String, role: String), requestID: String?
    ) async throws -> Bool {
        try await transaction { connection in
            let held = try await connection.query(
                """
                SELECT p.site_id, p.content FROM prescriptions p JOIN sites s ON s.id = p.site_id
                WHERE s.name = \(site) AND p.participant = \(participant) AND p.kind = 'questionnaire' AND p.id = \(id)
                FOR UPDATE OF p
                """, logger: logger
            ).collect()
            guard let row = held.first else { return false }
            let (siteID, content) = try row.decode((Int, String).self)
            // A withdrawal is no assignment to withdraw.
            guard case .assign = try QuestionnaireAssignment.content(Data(content.utf8), file: "prescription \(id)")
            else { return false }
            let withdrawal = QuestionnaireAssignment.withdrawal(of: id)
            let already = try await connection.query(
                """
                SELECT 1 FROM prescriptions WHERE site_id = \(siteID) AND kind = 'questionnaire'
                  AND participant = \(participant) AND content = \(withdrawal)
                """, logger: logger
            ).collect()
            guard already.isEmpty else { return false }
            let inserted = try await connection.query(
                """
                INSERT INTO prescriptions (site_id, participant, kind, content, created_by)
                VALUES (\(siteID), \(participant), 'questionnaire', \(withdrawal), \(actor.name)) RETURNING id
                """, logger: logger
            ).collect()
            let withdrawalID = try inserted.one("the withdrawal's id").decode(Int.self)
            try await Self.audit(
                on: connection, logger: logger, actor: actor, action: "prescription.questionnaire_withdraw",
                site: site, participant: participant,
                after: ["prescription": String(withdrawalID), "withdraws": String(id)], requestID: requestID)
            return true
        }
    }

    public func assignments(site: String, participant: String) async throws -> [QuestionnaireAssignmentRecord] {
        let rows = try await prepared(
            AssignmentsOfParticipant.self, AssignmentsOfParticipant.query(site: site, participant: participant)
        ).map { try $0.decode((Int, String, Date, String).self) }
        var records: [QuestionnaireAssignmentRecord] = []
        for (id, content, created, by) in rows {
            switch try QuestionnaireAssignment.content(Data(content.utf8), file: "prescription \(id)") {
            case .assign(let assignment):
                records.append(
                    QuestionnaireAssignmentRecord(
                        id: id, participant: participant, assignment: assignment, createdAt: created, createdBy: by))
            case .withdraw(let withdrawn):
                if let index = records.firstIndex(where: { $0.id == withdrawn }), records[index].withdrawnAt == nil {
                    records[index].withdrawnAt = created
                    records[index].withdrawnBy = by
                }
            }
        }
        return records
    }

    /// The statement of `assignments`, planned once per connection (`PreparedText`).
    private enum AssignmentsOfParticipant: PreparedText {
        static func query(site: String, participant: String) -> PostgresQuery {
            """
            SELECT p.id, p.content, p.created_at, p.created_by FROM prescriptions p JOIN sites s ON s.id = p.site_id
            WHERE s.name = \(site) AND p.participant = \(participant) AND p.kind = 'questionnaire' ORDER BY p.id
            """
        }
        static let sql = query(site: "", participant: "").sql
        static let types: [PostgresDataType] = [.text, .text]
    }
}
