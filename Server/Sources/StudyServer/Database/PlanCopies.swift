// One prescription applied on several machines of a participant: one assignment, whichever machine played it.
import Foundation
import StudyRecords

/// The plan files (the `plans` projection) of one participant, grouped into assignments. Each machine numbers the
/// plans it writes itself, so one prescribed plan is `plan-003.json` at home and `plan-001.json` on the lab PC, and
/// each machine's sessions name their own number. Counting only the current file's number made a participant's
/// progress fall back to "0 of 8" once the lab PC synced its copy (issue 39, 5.1). Files whose `source` names the
/// same prescription (`AssignedPlan.prescriptionSource`) and plan name are one assignment; any other file is an
/// assignment of its own, as before.
struct PlanCopies: Sendable {
    /// A stored plan file, as the projection holds it.
    struct File: Hashable, Sendable {
        var device: UUID
        var file: String
        var version: Int
        var name: String
        var assignedAt: Date
        var source: String
    }

    /// The copy that stands for the assignment: the first application (its day starts the plan's calendar).
    var current: File
    /// Every machine's own number for this assignment.
    var versions: Set<Copy>
    /// Every machine's number of any plan file of this plan's name (this assignment's or another).
    var sameName: Set<Copy>

    struct Copy: Hashable, Sendable {
        var device: UUID
        var version: Int
    }

    /// The newest assignment among `files` (by its first application; ties by the higher version, as before copies
    /// were grouped), or nil for none.
    static func current(of files: [File]) -> PlanCopies? {
        let groups = Dictionary(grouping: files) { file -> String in
            if let id = AssignedPlan.prescription(inSource: file.source) {
                return "prescription \(id) \(file.source) \(file.name)"
            }
            return "file \(file.device.uuidString) \(file.file)"
        }
        let first = groups.values.compactMap { group in
            group.min { ($0.assignedAt, -$0.version) < ($1.assignedAt, -$1.version) }.map { (group, $0) }
        }
        guard
            let (group, current) = first.max(by: { a, b in
                (a.1.assignedAt, a.1.version, a.1.device.uuidString) < (
                    b.1.assignedAt, b.1.version, b.1.device.uuidString
                )
            })
        else { return nil }
        return PlanCopies(
            current: current, versions: Set(group.map { Copy(device: $0.device, version: $0.version) }),
            sameName: Set(files.filter { $0.name == current.name }.map { Copy(device: $0.device, version: $0.version) })
        )
    }
}

/// A participant's current plan (`StudyDatabase.currentPlans`): the file that stands for it, read back as the game's
/// `AssignedPlan`, and its copies on the participant's other machines.
public struct CurrentPlan: Sendable {
    var device: UUID
    var file: String
    var plan: AssignedPlan
    var copies: PlanCopies

    /// `entry` (a session played on `device`) as this plan's schedule counts it: a session of a copy of this
    /// assignment is a session of this plan, whatever number its machine gave the plan; a session of another plan
    /// file of the same name is not, even where its machine happened to give that file the same number. A session
    /// whose machine's plan file has not arrived (yet) is counted by name and number, as before copies were known.
    func counted(_ entry: PlanSchedule.Entry, on device: UUID) -> PlanSchedule.Entry {
        guard var reference = entry.plan, reference.name == plan.plan.name else { return entry }
        let file = PlanCopies.Copy(device: device, version: reference.version)
        if copies.versions.contains(file) {
            reference.version = plan.version
        } else if copies.sameName.contains(file) {
            // Version 0 is no stored plan's number (they start at 1), so PlanSchedule passes such a session over.
            reference.version = 0
        } else {
            return entry
        }
        var counted = entry
        counted.plan = reference
        return counted
    }
}
