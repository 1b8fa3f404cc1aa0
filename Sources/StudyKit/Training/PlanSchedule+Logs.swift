// A participant's plan schedule from their session folders (the rule itself is StudyRecords' PlanSchedule).
import Foundation
import StudyRecords

extension PlanSchedule {
    /// Reads the participant's sessions and works out the schedule of their current plan.
    public static func of(_ assigned: AssignedPlan, logs: URL, participant: ParticipantID, today: Date) -> PlanSchedule
    {
        let records = SessionFolder.existing(logs: logs, participant: participant).compactMap {
            try? SessionRecord.read($0.sessionJSONURL)
        }
        return of(assigned, sessions: records, today: today)
    }

    /// The plan sessions done so far: their number within the plan and their `session_index`.
    public static func doneSessions(of assigned: AssignedPlan, logs: URL, participant: ParticipantID) -> [(
        planSession: Int, sessionIndex: Int
    )] {
        SessionFolder.existing(logs: logs, participant: participant).compactMap { folder in
            guard let record = try? SessionRecord.read(folder.sessionJSONURL), let plan = record.plan,
                plan.name == assigned.plan.name, plan.version == assigned.version, record.countsAsDone,
                let index = record.sessionIndex
            else { return nil }
            return (plan.session, index)
        }
    }
}
