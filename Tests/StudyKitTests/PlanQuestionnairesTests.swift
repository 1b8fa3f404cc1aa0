// A plan's questionnaires: read and checked in one sentence naming the field, asked before the first, every n-th and after the last session.
import Foundation
import StudyRecords
import Testing

@testable import StudyKit

@Suite struct PlanQuestionnairesTests {
    static let feedback = #""feedback": { "true_direction": true, "points": true, "replay": true }"#

    /// The example plan with `questionnaires` added.
    static func plan(_ questionnaires: String) throws -> TrainingPlan {
        let text = try String(contentsOf: TrainingPlanTests.exampleURL, encoding: .utf8)
        #expect(text.contains(feedback))
        return try TrainingPlanFile.parse(
            Data(
                text.replacingOccurrences(of: feedback, with: feedback + ", \"questionnaires\": " + questionnaires).utf8
            ),
            file: "plan.json")
    }

    @Test func aPlanNamesBaselineFollowUpAndEveryNthAndEachIsAskedAtItsPoint() throws {
        let plan = try Self.plan(
            #"{"baseline": ["case-history", "mini-tq"], "follow_up": ["mini-tq"], "every_n_sessions": {"n": 4, "ids": ["worst-symptom"]}}"#
        )
        let asked = plan.questionnaires
        #expect(asked.before(planSession: 1).map(\.instrument) == ["case-history", "mini-tq"])
        #expect(asked.before(planSession: 2).isEmpty)
        #expect(asked.after(planSession: 3, totalSessions: 10, sessionIndex: 3).isEmpty)
        #expect(
            asked.after(planSession: 4, totalSessions: 10, sessionIndex: 7)
                == [.init(instrument: "worst-symptom", moment: .periodic, sessionIndex: 7)])
        #expect(
            asked.after(planSession: 10, totalSessions: 10, sessionIndex: 12)
                == [.init(instrument: "mini-tq", moment: .followUp, sessionIndex: 12)],
            "the last session: follow-up only")
        #expect(try TrainingPlanFile.load(TrainingPlanTests.exampleURL).questionnaires.isEmpty, "none by default")
    }

    @Test(arguments: [
        (#"["mini-tq"]"#, "questionnaires", "must be an object"),
        (#"{"baseline": "mini-tq"}"#, "questionnaires.baseline", "list"),
        (#"{"baseline": ["Mini TQ"]}"#, "questionnaires.baseline[0]", "is not an instrument id"),
        (#"{"baseline": [3]}"#, "questionnaires.baseline[0]", "must be an instrument id"),
        (#"{"follow_up": ["thi", "thi"]}"#, "questionnaires.follow_up[1]", "twice"),
        (#"{"followup": ["thi"]}"#, "questionnaires.followup", "is not a training plan field"),
        (#"{"every_n_sessions": {"n": 0, "ids": ["thi"]}}"#, "questionnaires.every_n_sessions.n", "from 1"),
        (#"{"every_n_sessions": {"n": 10, "ids": ["thi"]}}"#, "questionnaires.every_n_sessions.n", "never be asked"),
        (#"{"every_n_sessions": {"n": 2, "ids": []}}"#, "questionnaires.every_n_sessions.ids", "at least one"),
        (#"{"every_n_sessions": {"ids": ["thi"]}}"#, "questionnaires.every_n_sessions.n", "is missing"),
    ])
    func aMistakeInThePlansQuestionnairesIsOneSentenceNamingTheField(
        questionnaires: String, field: String, words: String
    ) throws {
        #expect {
            _ = try Self.plan(questionnaires)
        } throws: { error in
            guard let error = error as? ProtocolError else { return false }
            return error.field == field && error.description.contains(words) && error.description.hasPrefix("plan.json")
        }
    }

    @Test func aQuestionnaireFinishedAtItsPointIsNotAskedAgainButAnUnfinishedOneIs() throws {
        let logs = try TemporaryFolder()
        let log = QuestionnaireLog(logs: logs.url, participant: try ParticipantID("P01"))
        let due = [
            PlanQuestionnaires.Due(instrument: "demo", moment: .baseline, sessionIndex: nil),
            PlanQuestionnaires.Due(instrument: "demo", moment: .periodic, sessionIndex: 4),
        ]
        let sitting = try QuestionnaireSitting(
            log: log, instrument: QuestionnaireLogTests.scale, moment: .baseline)
        for answer: QuestionnaireAnswer? in [.number(0), .number(0), nil, nil, nil] {
            try sitting.answer(try #require(sitting.nextItem), answer, at: QuestionnaireLogTests.day)
        }
        let begun = try QuestionnaireSitting(
            log: log, instrument: QuestionnaireLogTests.scale, moment: .periodic, sessionIndex: 4)
        try begun.answer(try #require(begun.nextItem), .number(1), at: QuestionnaireLogTests.day)
        #expect(PlanQuestionnaires.notFinished(due, in: try log.rows()) == [due[1]])
    }
}
