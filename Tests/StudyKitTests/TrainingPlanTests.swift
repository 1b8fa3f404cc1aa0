// Training plans: the shipped example loads, mistakes name file and field, assignments append, the calendar counts.
import Foundation
import GameCore
import StudyRecords
import Testing

@testable import StudyKit

@Suite struct TrainingPlanTests {
    static let exampleURL = Fixtures.examplesFolder.appendingPathComponent("training-plan.json")

    @Test func theShippedExamplePlanLoadsAsAClinicWouldUseIt() throws {
        let plan = try TrainingPlanFile.load(Self.exampleURL)
        #expect(plan.totalSessions == 10)
        #expect(plan.sessionsPerWeek == 3)
        #expect(plan.minutesPerSession == 12)
        #expect(plan.adaptive.parameter == .hitToleranceDeg)
        #expect(plan.adaptive.rule.up == 1 && plan.adaptive.rule.down == 2)
        #expect(plan.adaptive.rule.stepSizes == [8, 4, 2])
        #expect(plan.adaptive.rule.stopAfterReversals == 8)
        #expect(plan.session.conditions.map(\.repetitions).reduce(0, +) == 32)
        try plan.session.checkSounds(available: ["frog", "bluejay", "ambience"], file: Self.exampleURL.path)
    }

    /// The example with one field replaced (a JSON fragment spliced in by text).
    func error(replacing old: String, with new: String) throws -> ProtocolError? {
        let text = try String(contentsOf: Self.exampleURL, encoding: .utf8)
        #expect(text.contains(old), "the example no longer contains \(old)")
        do {
            _ = try TrainingPlanFile.parse(Data(text.replacingOccurrences(of: old, with: new).utf8), file: "plan.json")
            return nil
        } catch let error as ProtocolError {
            return error
        }
    }

    @Test func mistakesNameTheFileAndTheField() throws {
        let parameter = try #require(
            try error(replacing: #""parameter": "hit_tolerance_deg""#, with: #""parameter": "loudness""#))
        #expect(parameter.file == "plan.json")
        #expect(parameter.field == "adaptive.parameter")
        #expect(parameter.description.contains("hit_tolerance_deg"))

        let level = try #require(try error(replacing: #""level": "one-target""#, with: #""level": "three-targets""#))
        #expect(level.field == "session.conditions[0].level")

        let total = try #require(try error(replacing: #""total_sessions": 10"#, with: #""total_sessions": 0"#))
        #expect(total.field == "total_sessions")

        let start = try #require(try error(replacing: #""start": 45"#, with: #""start": 95"#))
        #expect(start.field == "adaptive.start")

        let step = try #require(try error(replacing: "[8, 4, 2]", with: "[8, -4, 2]"))
        #expect(step.field == "adaptive.step_sizes[1]")

        let unknown = try #require(try error(replacing: #""points": true"#, with: #""points": true, "sound": 1"#))
        #expect(unknown.field == "feedback.sound")
        #expect(unknown.description.hasPrefix("plan.json"))
    }

    @Test func helpWhenStuckComesAfterThePlansSecondsOrNever() throws {
        let text = try String(contentsOf: Self.exampleURL, encoding: .utf8)
        func plan(_ value: String) throws -> TrainingPlan {
            try TrainingPlanFile.parse(
                Data(
                    text.replacingOccurrences(
                        of: #""points": true"#, with: #""points": true, "help_after_s": \#(value)"#
                    ).utf8),
                file: "plan.json")
        }
        #expect(try TrainingPlanFile.load(Self.exampleURL).feedback.helpAfterSeconds == 45)
        #expect(try plan("20").feedback.helpAfterSeconds == 20)
        #expect(try plan("null").feedback.helpAfterSeconds == nil)
        #expect(throws: ProtocolError.self) { try plan("2") }
        #expect(throws: ProtocolError.self) { try plan("true") }
    }

    @Test func theQuestionnaireIsOnUnlessThePlanSaysFalse() throws {
        #expect(try TrainingPlanFile.load(Self.exampleURL).ratings)
        let text = try String(contentsOf: Self.exampleURL, encoding: .utf8)
        let off = text.replacingOccurrences(
            of: #""total_sessions": 10"#, with: #""total_sessions": 10, "ratings": false"#)
        #expect(try TrainingPlanFile.parse(Data(off.utf8), file: "plan.json").ratings == false)
        let wrong = text.replacingOccurrences(
            of: #""total_sessions": 10"#, with: #""total_sessions": 10, "ratings": 1"#)
        #expect(throws: ProtocolError.self) { try TrainingPlanFile.parse(Data(wrong.utf8), file: "plan.json") }
    }

    @Test func eachAssignmentIsANewVersionAndNoneIsOverwritten() throws {
        let folder = try TemporaryFolder()
        let participant = try ParticipantID("T01")
        let first = try AssignedPlan.assign(
            Self.exampleURL, logs: folder.url, participant: participant, at: Fixtures.start)
        let second = try AssignedPlan.assign(
            Self.exampleURL, logs: folder.url, participant: participant, at: Fixtures.start.addingTimeInterval(60))
        #expect(first.version == 1)
        #expect(second.version == 2)
        #expect(FileManager.default.fileExists(atPath: first.url.path))
        let current = try #require(try AssignedPlan.current(logs: folder.url, participant: participant))
        #expect(current.version == 2)
        #expect(current.plan == first.plan)
        #expect(current.assignedAt == second.assignedAt)
    }

    @Test func theCalendarCountsDoneDueAndMissedAndSaysWhenEverythingIsDone() throws {
        let folder = try TemporaryFolder()
        let participant = try ParticipantID("T02")
        let assigned = try AssignedPlan.assign(
            Self.exampleURL, logs: folder.url, participant: participant, at: Fixtures.start)
        let day = 86_400.0
        // Three a week: sessions open on days 0, 2, 4, 7, 9, 11, 14, …
        let schedule = PlanSchedule(assigned: assigned, done: 1, inProgress: nil, today: Fixtures.start + 8 * day)
        #expect(schedule.opened == 4)
        #expect(schedule.missed == 2, "sessions 2 and 3 had their windows close unplayed")
        #expect(schedule.next == 2)
        #expect(schedule.nextIsDue)
        #expect(schedule.summary.contains("1 of 10 sessions done, 2 missed"))

        let ahead = PlanSchedule(assigned: assigned, done: 1, inProgress: nil, today: Fixtures.start + 0.1 * day)
        #expect(!ahead.nextIsDue)
        #expect(ahead.summary.contains("is due on"))

        let finished = PlanSchedule(assigned: assigned, done: 10, inProgress: nil, today: Fixtures.start + 40 * day)
        #expect(finished.allDone)
        #expect(finished.next == nil)
        #expect(finished.summary.hasPrefix("All 10 sessions of the plan 'localization-training-10x12' are done"))
    }
}
