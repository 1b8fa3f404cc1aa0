// Adherence to a training plan in the analyzer: the game's own rule (PlanSchedule) over a logs folder's files.
import Foundation
import StudyRecords
import TidyFormats

/// One participant's adherence to their current plan (the highest `plan-NNN.json` in their folder):
/// completed sessions of that plan version against those whose window has opened by `today` (session k
/// opens ⌊(k−1)·7 / sessions_per_week⌋ days after the assignment day, as the game schedules it).
public struct PlanAdherence: Sendable, Equatable {
    public let participant: String
    public let plan: String
    public let version: Int
    public let done: Int
    public let due: Int
    public let total: Int

    /// done / due (1 when nothing is due yet).
    public var ratio: Double { due == 0 ? 1 : Double(done) / Double(due) }

    /// Every participant folder directly below the given folders (or the folders themselves) with a plan.
    public static func read(folders: [String], today: Date = Date()) throws -> [PlanAdherence] {
        var found: [PlanAdherence] = []
        for folder in folders {
            let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map {
                (folder as NSString).appendingPathComponent($0)
            }
            for participantFolder in [folder] + candidates {
                if let adherence = try of(participantFolder, today: today) { found.append(adherence) }
            }
        }
        return found.sorted { $0.participant < $1.participant }
    }

    /// The participant folder's current plan (highest `plan-NNN.json`) and its schedule by the one adherence rule
    /// (`PlanSchedule`), from the folder's session.json files read as the game writes them; nil without a plan.
    /// A plan file that does not read (tampered, cut off) is an error naming it: adherence is never reported
    /// against no plan, or left out without a word.
    static func of(_ folder: String, today: Date) throws -> PlanAdherence? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        guard let latest = names.filter({ $0.hasPrefix("plan-") && $0.hasSuffix(".json") }).last else { return nil }
        let url = URL(fileURLWithPath: folder).appendingPathComponent(latest)
        try RegularFile.check(url)
        let assigned: AssignedPlan
        do {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw AnalysisError("\(url.path): cannot be read; check its permissions.")
            }
            assigned = try AssignedPlan.decode(data, url: url)
        } catch let error as AnalysisError {
            throw error
        } catch {
            // The record's own sentence names the file and the field and what to do.
            throw AnalysisError("\(error)")
        }
        let sessions = names.compactMap { name -> SessionRecord? in
            let path = (folder as NSString).appendingPathComponent(name + "/session.json")
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return try? SessionRecord.decode(data, file: path)
        }
        let schedule = PlanSchedule.of(assigned, sessions: sessions, today: today)
        return PlanAdherence(
            participant: (folder as NSString).lastPathComponent, plan: assigned.plan.name, version: assigned.version,
            done: schedule.done, due: schedule.opened, total: assigned.plan.totalSessions)
    }
}
