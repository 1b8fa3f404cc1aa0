// A training plan's questionnaires at their points (before the first session, after every n-th and the last), answered by the bot.
import Foundation
import StudyKit
import StudyRecords

/// Resolves what a plan asks at one point against this machine's instruments and what the participant already
/// finished, and has `QuestionnaireBot` answer it (`simulate --plan … --answer-ratings`); `train` asks the same list
/// in the window.
package enum PlanQuestionnaireRun {
    /// The sittings still to take for `due`: an instrument finished at that point before is not asked again; an
    /// interrupted one continues. Instruments are looked up in `library`; an unknown id is one sentence.
    package static func sittings(
        _ due: [PlanQuestionnaires.Due], logs: URL, participant: ParticipantID, library: [InstrumentLibrary.Entry],
        needsWording: Bool
    ) throws -> [QuestionnaireSitting] {
        let log = QuestionnaireLog(logs: logs, participant: participant)
        return try PlanQuestionnaires.notFinished(due, in: try log.rows()).map { item in
            let instrument = try InstrumentChoice.takeable(
                id: item.instrument, language: nil, from: library, needsWording: needsWording)
            return try QuestionnaireSitting(
                log: log, instrument: instrument, moment: item.moment, sessionIndex: item.sessionIndex,
                needsWording: needsWording)
        }
    }

    /// Every id the plan names must be an instrument of this machine, before any session is played.
    package static func check(_ plan: TrainingPlan, library: [InstrumentLibrary.Entry], needsWording: Bool) throws {
        for id in plan.questionnaires.allIDs {
            _ = try InstrumentChoice.takeable(id: id, language: nil, from: library, needsWording: needsWording)
        }
    }

    /// The bot answers the sittings of `due`, seeded by `seed`.
    package static func answerByBot(
        _ due: [PlanQuestionnaires.Due], logs: URL, participant: ParticipantID, library: [InstrumentLibrary.Entry],
        seed: UInt64, at start: Date
    ) throws -> [QuestionnaireSitting] {
        let sittings = try self.sittings(
            due, logs: logs, participant: participant, library: library, needsWording: false)
        var time = start
        for sitting in sittings {
            var bot = QuestionnaireBot(
                participant: participant.value, instrument: sitting.instrument.id, moment: sitting.moment,
                sessionIndex: sitting.sessionIndex, seed: seed)
            try bot.answer(sitting, from: time)
            time += 60
        }
        return sittings
    }
}
