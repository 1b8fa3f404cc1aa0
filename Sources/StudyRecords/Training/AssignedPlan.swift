// plan-NNN.json: a training plan as assigned to a participant, with its codec (keys written in a fixed order).
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
    /// The plan file's content as stored (keys sorted), checked into `plan`.
    public let planJSON: JSONValue
    /// Where it is stored.
    public let url: URL

    public init(version: Int, assignedAt: Date, source: String, planJSON: JSONValue, url: URL) throws {
        self.version = version
        self.assignedAt = assignedAt
        self.source = source
        self.planJSON = planJSON.sortingKeys()
        self.url = url
        plan = try TrainingPlanFile.parse(Data(self.planJSON.rendered().utf8), file: url.path + " (plan)")
    }

    public static func fileName(version: Int) -> String { String(format: "plan-%03d.json", version) }

    /// The `source` of a plan (or profile version) a machine wrote from prescription `id` of the study server at
    /// `server`: the same on every machine that applied it, so the server can tell the copies of one prescription
    /// apart from plans made on a machine.
    public static func prescriptionSource(id: Int, server: String) -> String { "\(server) prescription \(id)" }

    /// The prescription a `source` names (`prescriptionSource`'s form), or nil for a plan made on a machine.
    public static func prescription(inSource source: String) -> Int? {
        guard let range = source.range(of: " prescription ", options: .backwards) else { return nil }
        let digits = source[range.upperBound...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// The file's bytes: version, assigned_at, source, then the plan with its keys sorted (so the bytes depend
    /// only on the content: a stored plan read and written again is the same file).
    public func encoded() -> Data {
        let stored = JSONValue.object([
            ("version", .integer(version)), ("assigned_at", .string(Timestamp.format(assignedAt))),
            ("source", .string(source)), ("plan", planJSON),
        ])
        return Data((stored.rendered() + "\n").utf8)
    }

    /// Reads a stored assignment; errors name the file and field.
    public static func decode(_ data: Data, url: URL) throws -> AssignedPlan {
        guard let root = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw ProtocolError(
                file: url.path, field: "", problem: "cannot be read as JSON; assign the plan again with plan assign")
        }
        let fields = root.fields ?? [:]
        let version: Int
        switch fields["version"] {
        case .number(let x) where x == x.rounded() && x >= 1 && x < 1_000: version = Int(x)
        case .integer(let i) where i >= 1 && i < 1_000: version = i
        default: throw ProtocolError(file: url.path, field: "version", problem: "is missing; assign the plan again")
        }
        guard case .string(let dateText) = fields["assigned_at"], let date = Timestamp.parse(dateText) else {
            throw ProtocolError(file: url.path, field: "assigned_at", problem: "is not a UTC timestamp; assign again")
        }
        var source = ""
        if case .string(let text) = fields["source"] { source = text }
        guard let planValue = fields["plan"] else {
            throw ProtocolError(file: url.path, field: "plan", problem: "is missing; assign the plan again")
        }
        return try AssignedPlan(version: version, assignedAt: date, source: source, planJSON: planValue, url: url)
    }
}
