// Prescriptions from the study server written into the logs: each plan as the participant's next plan-NNN.json.
import Foundation
import StudyRecords

public enum Prescriptions {
    /// The `source` a prescribed plan file records, which also tells that prescription `id` was written already.
    public static func source(id: Int, server: String) -> String {
        AssignedPlan.prescriptionSource(id: id, server: server)
    }

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

    /// What writing the site's hearing-profile prescriptions did: the versions written, conflicts (a version made on
    /// this machine since the server's last one, kept beside the prescription), the last id handled.
    public struct ProfileOutcome {
        public var written: [HearingProfile] = []
        public var conflicts: [String] = []
        public var last: Int?
    }

    /// Writes each hearing-profile prescription not yet in the logs as the participant's next profile version (never
    /// over one: profile.json keeps every version), so it is current from the next session on, which logs its
    /// `profile_version`. A version made on this machine after the last one the server sent is kept too and named
    /// as a conflict for `sync` to report. A prescription whose source is in the file already is skipped.
    public static func applyProfiles(
        _ prescriptions: [SyncClient.Prescription], server: String, logs: URL, at date: Date
    ) throws -> ProfileOutcome {
        var outcome = ProfileOutcome(last: prescriptions.last?.id)
        for prescription in prescriptions where prescription.kind == "profile" {
            let source = source(id: prescription.id, server: server)
            let path = "prescription \(prescription.id) from \(server)"
            guard var prescribed = try HearingProfile.decodeAll(Data(prescription.content.utf8), path: path).last
            else { continue }
            let versions = try HearingProfile.loadAll(logs: logs, participant: prescription.participant)
            if versions.contains(where: { $0.source == source }) { continue }
            let fromServer = "\(server) prescription "
            let lastReceived = versions.lastIndex { $0.source.hasPrefix(fromServer) }
            let madeHere = versions[(lastReceived.map { $0 + 1 } ?? 0)...].filter { !$0.source.hasPrefix(fromServer) }
            prescribed.source = source
            let written = try HearingProfile.append(prescribed, logs: logs, at: date)
            if let local = madeHere.last, lastReceived != nil {
                outcome.conflicts.append(
                    "\(prescription.participant): version \(local.version) made on this machine (\(local.createdAt.map(Timestamp.format) ?? "no time")) is kept; the prescribed version \(written.version) is current"
                )
            }
            outcome.written.append(written)
        }
        return outcome
    }
}
