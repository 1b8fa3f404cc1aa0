// `train` with a plan naming questionnaires: the baseline before the headphone check, the follow-up after the last session.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowPlanQuestionnaireTests {
        @Test func trainAsksTheBaselineBeforeTheSessionAndTheFollowUpAfterItsLastSessionByKeyboard() async throws {
            let window = try WindowSession(name: "window-plan-questionnaires")
            let plan = window.logs.appendingPathComponent("plan.json")
            try """
            {"name": "asked", "sessions_per_week": 3, "minutes_per_session": 5, "repeat_rounds": false, "total_sessions": 1, "ratings": false,
             "session": {"name": "short", "conditions": [{"level": "one-target", "targets": ["frog"], "repetitions": 1}]},
             "adaptive": {"parameter": "hit_tolerance_deg", "start": 45},
             "questionnaires": {"baseline": ["worst-symptom"], "follow_up": ["worst-symptom"]}}
            """.write(to: plan, atomically: true, encoding: .utf8)
            // worst-symptom: one choice (option 1 is not "something else", so the text item stays hidden).
            let script = [
                "wait questionnaire", "shot baseline", "key 1", "key Return",
                "wait headphone-check", "key Left", "key Right", "wait practice", "key Return",
                "wait running", "hold Right 300", "key Space", "wait round-result", "key Return",
                "wait questionnaire", "shot follow-up", "key 2", "key Return", "wait summary", "key Escape",
            ]
            let output = try await window.run(
                ["train", "--participant", "TQ1", "--plan", plan.path, "--input", "keyboard", "--seed", "3"],
                script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let rows = try QuestionnaireLog(logs: window.logs, participant: ParticipantID("TQ1")).rows()
            let administrations = Administration.all(rows)
            #expect(administrations.map(\.moment) == [.baseline, .followUp])
            #expect(administrations.map(\.sessionIndex) == [nil, 1])
            #expect(administrations.allSatisfy { $0.isFinished })
            #expect(administrations.map { $0.answers.first?.value } == ["1.000", "2.000"])
            let screens = window.screensShown()
            let order = ["questionnaire", "headphone-check", "running", "round-result", "summary"]
            #expect(
                order.compactMap { screens.firstIndex(of: $0) }
                    == order.compactMap { screens.firstIndex(of: $0) }.sorted(), "\(screens)")
            #expect(try window.screenText("baseline").contains("Which of these troubles you most?"))
        }

        @Test func aRemindersPromptAsksWhatThePlanStillOwesAfterItsRatings() async throws {
            let window = try WindowSession(name: "window-prompt-owed")
            let plan = window.logs.appendingPathComponent("plan.json")
            try """
            {"name": "owed", "sessions_per_week": 3, "minutes_per_session": 5, "repeat_rounds": false, "total_sessions": 2,
             "session": {"name": "short", "conditions": [{"level": "one-target", "targets": ["frog"], "repetitions": 1}]},
             "adaptive": {"parameter": "hit_tolerance_deg", "start": 45},
             "questionnaires": {"baseline": ["worst-symptom"]}}
            """.write(to: plan, atomically: true, encoding: .utf8)
            let assigned = try SoundSafariBinary.run([
                "plan", "assign", "--participant", "PO1", "--logs", window.logs.path, plan.path,
            ])
            #expect(assigned.status == 0, "\(assigned.stderr)")
            var script = ["wait ratings-prompt"]
            for _ in 0..<7 { script += ["key Right", "key Return"] }
            script += ["wait questionnaire", "shot owed", "key 4", "key Return"]
            let output = try await window.run(["rate", "--participant", "PO1"], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let rows = try QuestionnaireLog(logs: window.logs, participant: ParticipantID("PO1")).rows()
            let administrations = Administration.all(rows)
            #expect(administrations.map(\.moment) == [.baseline] && administrations.allSatisfy { $0.isFinished })
            #expect(administrations.first?.answers.first?.value == "4.000")
            #expect(try RatingsLog(logs: window.logs, participant: ParticipantID("PO1")).storedRows().count == 7)
            // Taken: the next prompt asks the ratings only.
            let again = try await window.run(
                ["rate", "--participant", "PO1"],
                script: ["wait ratings-prompt"]
                    + Array(repeating: ["key Right", "key Return"], count: 7).flatMap { $0 })
            #expect(again.status == 0, "stderr: \(again.stderr)")
            #expect(
                try QuestionnaireLog(logs: window.logs, participant: ParticipantID("PO1")).rows().count == rows.count)
        }
    }
}
