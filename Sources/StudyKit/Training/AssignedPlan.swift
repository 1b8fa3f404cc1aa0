// A plan as stored with the participant: `<logs>/<participant>/plan-NNN.json`, one new file per assignment.
import Foundation
import TidyFormats

/// A supervisor's assignment of a training plan to a participant. Each `plan assign` writes the next
/// `plan-NNN.json` (created exclusively: an earlier assignment is never overwritten); the highest version
/// is the participant's current plan. The file holds the plan itself, so it keeps working when the
/// supervisor's copy is moved or edited.
public struct AssignedPlan: Sendable, Equatable {
    public let version: Int
    public let assignedAt: Date
    /// The file the supervisor assigned (for the record).
    public let source: String
    public let plan: TrainingPlan
    /// Where it is stored.
    public let url: URL

    static func fileName(version: Int) -> String { String(format: "plan-%03d.json", version) }

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
        let plan = try TrainingPlanFile.parse(data, file: planFile.path)
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
        let stored = JSONValue.object([
            ("version", .integer(version)), ("assigned_at", .string(Timestamp.format(date))),
            ("source", .string(planFile.path)), ("plan", planJSON),
        ])
        try AtomicFile.createNew(url, with: Data((stored.rendered() + "\n").utf8))
        return AssignedPlan(version: version, assignedAt: date, source: planFile.path, plan: plan, url: url)
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
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url))
        } catch {
            throw ProtocolError(
                file: url.path, field: "", problem: "cannot be read as JSON; assign the plan again with plan assign")
        }
        let fields = root.fields ?? [:]
        guard let versionValue = fields["version"], case .number(let version) = versionValue else {
            throw ProtocolError(file: url.path, field: "version", problem: "is missing; assign the plan again")
        }
        guard let dateValue = fields["assigned_at"], case .string(let dateText) = dateValue,
            let date = Timestamp.parse(dateText)
        else {
            throw ProtocolError(file: url.path, field: "assigned_at", problem: "is not a UTC timestamp; assign again")
        }
        var source = ""
        if let value = fields["source"], case .string(let text) = value { source = text }
        guard let planValue = fields["plan"] else {
            throw ProtocolError(file: url.path, field: "plan", problem: "is missing; assign the plan again")
        }
        let plan = try TrainingPlanFile.parse(Data(planValue.rendered().utf8), file: url.path + " (plan)")
        return AssignedPlan(version: Int(version), assignedAt: date, source: source, plan: plan, url: url)
    }
}
