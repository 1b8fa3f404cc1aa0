// A questionnaire the study team assigned on its server (no plan): the reminder's prompt asks it after the ratings,
// saying it is overdue, and the answer is an on_request administration of that instrument.
import Foundation
import StudyKit
import StudyRecords
import Testing

extension WindowTests {
    @Suite struct WindowAssignedQuestionnaireTests {
        @Test func aRemindersPromptAsksAnOverdueAssignedQuestionnaireAfterItsRatings() async throws {
            let window = try WindowSession(name: "window-assigned-questionnaire")
            // Assigned two days ago, once, as `soundsafari sync` writes it.
            let assignedAt = Date().addingTimeInterval(-2 * 86_400)
            let assignment = QuestionnaireAssignment(instrument: "worst-symptom", version: 1, language: "en")
            let written = try AssignedQuestionnaires.apply(
                [
                    SyncClient.Prescription(
                        id: 3, participant: "PA1", kind: "questionnaire", content: assignment.json,
                        createdAt: Timestamp.format(assignedAt))
                ], server: "https://study.example.org", logs: window.logs, at: Date())
            #expect(written.assigned.count == 1)
            var script = ["wait ratings-prompt"]
            for _ in 0..<7 { script += ["key Right", "key Return"] }
            script += ["wait questionnaire", "shot assigned", "key 4", "key Return"]
            let output = try await window.run(["rate", "--participant", "PA1"], script: script)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let text = try window.screenText("assigned")
            #expect(text.contains("Which of these troubles you most?"), "\(text)")
            #expect(text.contains("Your study team asks for this questionnaire. It has been due since"), "\(text)")
            let rows = try QuestionnaireLog(logs: window.logs, participant: ParticipantID("PA1")).rows()
            let administrations = Administration.all(rows)
            #expect(administrations.map(\.moment) == [.onRequest] && administrations.allSatisfy { $0.isFinished })
            #expect(administrations.first?.answers.first?.value == "4.000")
            // Answered: owed no more by the reminder's rule.
            #expect(
                try AssignedQuestionnaires.owed(
                    logs: window.logs, participant: ParticipantID("PA1"), rows: rows, today: Date()
                ).isEmpty)
        }
    }
}
