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

    /// Reads and checks the plan file, then stores it as the participant's next version.
    public static func assign(_ planFile: URL, logs: URL, participant: ParticipantID, at date: Date) throws
        -> AssignedPlan
    {
        let data: Data
        do { data = try Data(contentsOf: planFile) } catch {
            throw ProtocolError(
                file: planFile.path, field: "",
                problem: "cannot read the training plan (\((error as NSError).localizedDescription)); check the path")
        }
        _ = try TrainingPlanFile.parse(data, file: planFile.path)
        let planJSON = try JSONDecoder().decode(JSONValue.self, from: data)
        let folder = logs.appendingPathComponent(participant.value)
        try OwnerOnlyFolder.createWithParents(folder)
        let version = (versions(logs: logs, participant: participant).last ?? 0) + 1
        let url = folder.appendingPathComponent(fileName(version: version))
        let assigned = try AssignedPlan(
            version: version, assignedAt: date, source: planFile.path, planJSON: planJSON, url: url)
        let file = try AppendOnlyFile.create(url)
        try file.append(String(decoding: assigned.encoded(), as: UTF8.self))
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
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ProtocolError(
                file: url.path, field: "",
                problem: "cannot be read (\((error as NSError).localizedDescription)); check the file")
        }
        return try decode(data, url: url)
    }
}
