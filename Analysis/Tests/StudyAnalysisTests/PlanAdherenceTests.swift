// Plan adherence counts a session as done when it was completed or ended by the plan's minutes_per_session.
import Foundation
import StudyRecords
import Testing
import TidyFormats

@testable import StudyAnalysis

@Suite struct PlanAdherenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The sample session's session.json as a session of plan `plan` with `completed` and `ended_by`.
    static func session(_ index: Int, of plan: AssignedPlan, completed: Bool, endedBy: String?) throws -> Data {
        let sample = root.appendingPathComponent("Examples/sample-session/P07/20261126T014050Z-18a8/session.json")
        var record = try SessionRecord.decode(Data(contentsOf: sample), file: sample.path)
        record.sessionID = "2026110\(index + 1)T100000Z-000\(index)"
        record.participant = "T01"
        record.sessionIndex = index
        record.completed = completed
        record.endedBy = endedBy.flatMap { .init(rawValue: $0) }
        record.plan = PlanReference(
            name: plan.plan.name, version: plan.version, session: index, totalSessions: plan.plan.totalSessions)
        return try record.encoded()
    }

    @Test func aSessionEndedByTheTimeLimitCountsAsDoneOneTheplayerLeftDoesNot() throws {
        let logs = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let participant = logs + "/T01"
        try FileManager.default.createDirectory(atPath: participant, withIntermediateDirectories: true)
        // Examples/training-plan.json, every day: sessions 1 to 4 have opened by the 4th day.
        let example = try JSONDecoder().decode(
            JSONValue.self, from: Data(contentsOf: Self.root.appendingPathComponent("Examples/training-plan.json")))
        guard case .object(let pairs) = example else { throw AnalysisError("the example plan is not an object") }
        let daily = JSONValue.object(pairs.map { $0.0 == "sessions_per_week" ? ($0.0, .integer(7)) : $0 })
        let url = URL(fileURLWithPath: participant + "/plan-001.json")
        let plan = try AssignedPlan(
            version: 1, assignedAt: try #require(Timestamp.parse("2026-11-02T09:00:00.000Z")),
            source: "Examples/training-plan.json", planJSON: daily, url: url)
        try plan.encoded().write(to: url)
        let sessions: [(Bool, String?)] = [(true, "all_targets"), (false, "time"), (false, "player"), (false, nil)]
        for (index, (completed, endedBy)) in sessions.enumerated() {
            let folder = participant + "/2026110\(index + 2)T100000Z-000\(index)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Self.session(index + 1, of: plan, completed: completed, endedBy: endedBy)
                .write(to: URL(fileURLWithPath: folder + "/session.json"))
        }
        let today = try #require(ISO8601DateFormatter().date(from: "2026-11-05T12:00:00Z"))
        let adherence = try #require(try PlanAdherence.read(folders: [logs], today: today).first)
        #expect(adherence.participant == "T01")
        #expect(adherence.due == 4)
        #expect(adherence.done == 2, "completed and time-ended count; quit and interrupted do not")
    }

    @Test("A tampered plan-001.json is named by progress instead of being left out of the adherence")
    func aTamperedPlanIsNamed() throws {
        let logs = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let participant = logs + "/T02"
        try FileManager.default.createDirectory(atPath: participant, withIntermediateDirectories: true)
        let url = URL(fileURLWithPath: participant + "/plan-001.json")
        try Data(#"{"version": 1, "assigned_at": "last week", "plan": {}}"#.utf8).write(to: url)
        let error = #expect(throws: AnalysisError.self) { try PlanAdherence.read(folders: [logs]) }
        #expect(error?.message.contains("plan-001.json") == true, "\(String(describing: error))")
    }
}
