// Plan adherence counts a session as done when it was completed or ended by the plan's minutes_per_session.
import Foundation
import Testing

@testable import StudyAnalysis

@Suite struct PlanAdherenceTests {
    /// A session.json of plan `name` version 1 with `completed` and, when given, `ended_by`.
    static func session(completed: Bool, endedBy: String?) -> String {
        let ended = endedBy.map { #", "ended_by": "\#($0)", "played_s": 731.5"# } ?? ""
        return #"{"completed": \#(completed), "plan": {"name": "snr", "version": 1, "session": 1}\#(ended)}"#
    }

    @Test func aSessionEndedByTheTimeLimitCountsAsDoneOneTheplayerLeftDoesNot() throws {
        let logs = Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: logs) }
        let participant = logs + "/T01"
        try FileManager.default.createDirectory(atPath: participant, withIntermediateDirectories: true)
        try Data(
            #"{"version": 1, "assigned_at": "2026-11-02T09:00:00.000Z", "plan": {"name": "snr", "sessions_per_week": 7, "total_sessions": 10}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: participant + "/plan-001.json"))
        let sessions = [
            ("2026-11-02_100000", Self.session(completed: true, endedBy: "all_targets")),
            ("2026-11-03_100000", Self.session(completed: false, endedBy: "time")),
            ("2026-11-04_100000", Self.session(completed: false, endedBy: "player")),
            ("2026-11-05_100000", Self.session(completed: false, endedBy: nil)),
        ]
        for (name, json) in sessions {
            try FileManager.default.createDirectory(atPath: participant + "/" + name, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: URL(fileURLWithPath: participant + "/" + name + "/session.json"))
        }
        let today = try #require(ISO8601DateFormatter().date(from: "2026-11-05T12:00:00Z"))
        let adherence = try #require(PlanAdherence.read(folders: [logs], today: today).first)
        #expect(adherence.participant == "T01")
        #expect(adherence.due == 4)
        #expect(adherence.done == 2, "completed and time-ended count; quit and interrupted do not")
    }
}
