// Two starts of one participant's plan at once: the plan session is taken under the start lock, never twice.
import Foundation
import StudyRecords
import Testing

@testable import SessionRuntime
@testable import StudyKit

@Suite("Plan session races")
struct PlanSessionRaceTests {
    static let plan = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/training-plan.json")

    @Test(
        "A plan session prepared before another start took the next session_index is refused, not played a second time"
    )
    func aPlanSessionPreparedBeforeAnotherStartIsRefused() throws {
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("plan-race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: logs) }
        // Both processes prepare plan session 1 before either has started it.
        let first = try TrainingStart.prepare(
            logs: logs, participant: "PR01", planFile: Self.plan, input: .bot("ideal"), seed: 1, ignoreCalendar: true,
            askRatings: false)
        let second = try TrainingStart.prepare(
            logs: logs, participant: "PR01", planFile: Self.plan, input: .bot("ideal"), seed: 2, ignoreCalendar: true,
            askRatings: false)
        let played = try Simulation(
            request: try #require(first.request), store: FileSessionStore(logs: logs), bot: .ideal,
            pictures: RecordingPictures()
        ).run()
        #expect(played.endedBy == .time, "played to its minutes")
        let error = #expect(throws: PlanSessionTakenError.self) {
            _ = try Simulation(
                request: try #require(second.request), store: FileSessionStore(logs: logs), bot: .ideal,
                pictures: RecordingPictures()
            ).run()
        }
        #expect(error?.description.contains("plan session 1") == true, "\(String(describing: error))")
        let sessions = PastSession.all(logs: logs, participant: try ParticipantID("PR01"))
        #expect(sessions.count == 1, "the second start wrote a session")
        // Prepared again, it goes on with session 2.
        let again = try TrainingStart.prepare(
            logs: logs, participant: "PR01", planFile: Self.plan, input: .bot("ideal"), seed: 2, ignoreCalendar: true,
            askRatings: false)
        #expect(again.schedule.next == 2)
        #expect(AssignedPlan.versions(logs: logs, participant: try ParticipantID("PR01")) == [1])
    }
}
