// Adherence to a training plan: sessions completed vs sessions due by today, from the logs folder's JSON files.
import Foundation
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
    public static func read(folders: [String], today: Date = Date()) -> [PlanAdherence] {
        var found: [PlanAdherence] = []
        for folder in folders {
            let candidates = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map {
                (folder as NSString).appendingPathComponent($0)
            }
            for participantFolder in [folder] + candidates {
                if let adherence = of(participantFolder, today: today) { found.append(adherence) }
            }
        }
        return found.sorted { $0.participant < $1.participant }
    }

    static func json(_ path: String) -> [String: JSONValue]? {
        guard let data = FileManager.default.contents(atPath: path),
            let value = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return nil }
        return value.fields
    }

    static func number(_ fields: [String: JSONValue]?, _ key: String) -> Double? {
        if case .number(let x) = fields?[key] { return x }
        if case .integer(let i) = fields?[key] { return Double(i) }
        return nil
    }

    static func text(_ fields: [String: JSONValue]?, _ key: String) -> String? {
        if case .string(let s) = fields?[key] { return s }
        return nil
    }

    static func of(_ folder: String, today: Date) -> PlanAdherence? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard let latest = names.filter({ $0.hasPrefix("plan-") && $0.hasSuffix(".json") }).sorted().last,
            let stored = json((folder as NSString).appendingPathComponent(latest)),
            let version = number(stored, "version"), let assignedText = text(stored, "assigned_at"),
            let assigned = ISO8601DateFormatter.withFractions.date(from: assignedText)
                ?? ISO8601DateFormatter().date(from: assignedText),
            let plan = stored["plan"]?.fields, let name = text(plan, "name"),
            let perWeek = number(plan, "sessions_per_week"), perWeek > 0, let total = number(plan, "total_sessions")
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let start = calendar.startOfDay(for: assigned)
        let due = (1...max(1, Int(total))).filter { k in
            let opens = calendar.date(byAdding: .day, value: (k - 1) * 7 / Int(perWeek), to: start) ?? start
            return opens <= today
        }.count
        var done = 0
        for session in names {
            let record = json((folder as NSString).appendingPathComponent(session + "/session.json"))
            // Done: every target logged, or the plan's minutes_per_session played (ended_by "time").
            guard let reference = record?["plan"]?.fields, text(reference, "name") == name,
                number(reference, "version") == version,
                record?["completed"] == .bool(true) || text(record, "ended_by") == "time"
            else { continue }
            done += 1
        }
        return PlanAdherence(
            participant: (folder as NSString).lastPathComponent, plan: name, version: Int(version), done: done,
            due: due, total: Int(total))
    }
}

extension ISO8601DateFormatter {
    /// The logs' timestamps: UTC with milliseconds.
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
