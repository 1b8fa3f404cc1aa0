// plan-NNN.json in a participant's folder: assigned exclusively (never rewritten), found and read back.
import Foundation
import StudyRecords
import TidyFormats

extension AssignedPlan {
    /// The participant's stored plan versions, oldest first.
    public static func versions(logs: URL, participant: ParticipantID) -> [Int] {
        let folder = logs.appendingPathComponent(participant.value)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasPrefix("plan-"), name.hasSuffix(".json"), name.count == "plan-000.json".count else {
                return nil
            }
            return Int(name.dropFirst("plan-".count).dropLast(".json".count))
        }.sorted()
    }

    /// Reads and checks the plan file, then stores it as the participant's next version. The version is
    /// numbered and written under the participant's lock (`StartLock`), so two assignments at once get two
    /// numbers; with `unlessCurrent`, a plan equal to the current one (assigned meanwhile by another `train
    /// --plan` or `simulate --plan`) is taken as it is instead of being stored again. The file appears whole or
    /// not at all (`AtomicFile`): a full disk leaves no cut-off plan.
    public static func assign(
        _ planFile: URL, logs: URL, participant: ParticipantID, at date: Date, unlessCurrent: Bool = false
    ) throws -> AssignedPlan {
        try RegularFile.check(planFile)
        let data: Data
        do { data = try Data(contentsOf: planFile) } catch {
            throw ProtocolError(
                file: planFile.path, field: "",
                problem: "cannot read the training plan (\((error as NSError).localizedDescription)); check the path")
        }
        return try assign(
            planData: data, source: planFile.path, logs: logs, participant: participant, at: date,
            unlessCurrent: unlessCurrent)
    }

    /// Checks a plan and stores it as the participant's next version as `assign(_:…)` does, `source` saying where
    /// it came from (a file's path, or the study server's prescription that `soundsafari sync` writes).
    public static func assign(
        planData data: Data, source: String, logs: URL, participant: ParticipantID, at date: Date,
        unlessCurrent: Bool = false
    ) throws -> AssignedPlan {
        let plan = try TrainingPlanFile.parse(data, file: source)
        let planJSON = try JSONDecoder().decode(JSONValue.self, from: data)
        let folder = logs.appendingPathComponent(participant.value)
        try OwnerOnlyFolder.createWithParents(folder)
        let lock = try StartLock.acquire(folder)
        defer { withExtendedLifetime(lock) {} }
        if unlessCurrent, let current = try self.current(logs: logs, participant: participant), current.plan == plan {
            return current
        }
        let version = (versions(logs: logs, participant: participant).last ?? 0) + 1
        let url = folder.appendingPathComponent(fileName(version: version))
        let assigned = try AssignedPlan(
            version: version, assignedAt: date, source: source, planJSON: planJSON, url: url)
        try AtomicFile.createNew(url, with: assigned.encoded())
        return assigned
    }

    /// The participant's current plan (the highest version), or nil when none was assigned.
    public static func current(logs: URL, participant: ParticipantID) throws -> AssignedPlan? {
        guard let version = versions(logs: logs, participant: participant).last else { return nil }
        return try load(
            logs.appendingPathComponent(participant.value).appendingPathComponent(fileName(version: version)))
    }

    /// Reads a stored assignment; errors name the file and field.
    public static func load(_ url: URL) throws -> AssignedPlan {
        try RegularFile.check(url)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ProtocolError(
                file: url.path, field: "",
                problem: "cannot be read (\((error as NSError).localizedDescription)); check the file")
        }
        return try decode(data, url: url)
    }
}
