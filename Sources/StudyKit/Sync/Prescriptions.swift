// Prescriptions from the study server written into the logs: each plan as the participant's next plan-NNN.json.
import Foundation
import StudyRecords

public enum Prescriptions {
    /// The `source` a prescribed plan file records, which also tells that prescription `id` was written already.
    public static func source(id: Int, server: String) -> String { "\(server) prescription \(id)" }

    /// Writes each prescription not yet in the logs as a new plan version (never over a file), in order. A crash
    /// between writing a plan and remembering it is harmless: a plan whose source names the prescription is skipped.
    /// Returns the prescriptions written and the last id handled.
    public static func apply(_ prescriptions: [SyncClient.Prescription], server: String, logs: URL, at date: Date)
        throws -> (written: [AssignedPlan], last: Int?)
    {
        var written: [AssignedPlan] = []
        for prescription in prescriptions where prescription.kind == "plan" {
            let participant = try ParticipantID(prescription.participant)
            let source = source(id: prescription.id, server: server)
            let present = try AssignedPlan.versions(logs: logs, participant: participant).contains { version in
                try AssignedPlan.load(
                    logs.appendingPathComponent(participant.value).appendingPathComponent(
                        AssignedPlan.fileName(version: version))
                ).source == source
            }
            if present { continue }
            written.append(
                try AssignedPlan.assign(
                    planData: Data(prescription.content.utf8), source: source, logs: logs, participant: participant,
                    at: date))
        }
        return (written, prescriptions.last?.id)
    }
}
