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
}
