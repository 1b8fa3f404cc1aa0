// `train` with a plan naming questionnaires: the baseline before the headphone check, the follow-up after the last session.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowPlanQuestionnaireTests {
        @Test func trainAsksTheBaselineBeforeTheSessionAndTheFollowUpAfterItsLastSessionByKeyboard() throws {
            let window = try WindowSession(name: "window-plan-questionnaires")
            let plan = window.logs.appendingPathComponent("plan.json")
            try """
            {"name": "asked", "sessions_per_week": 3, "minutes_per_session": 5, "total_sessions": 1, "ratings": false,
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
            let output = try window.run(
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
    }
}
