// The questionnaire screens of a window session: commands and clicks in, each answer stored the moment it is given.
import Foundation
import SessionRuntime
import StudyKit
import StudyRecords

extension GameApp {
    /// Called after every flow change: a questionnaire screen gets its questions (those not yet stored).
    func enterQuestionnaireIfShown() throws {
        guard case .ratings(let moment) = flow.screen else {
            questionnaire = nil
            return
        }
        guard questionnaire?.moment != moment else { return }
        let items = try activeRatings?.remaining(moment) ?? []
        questionnaire = Questionnaire(moment: moment, items: items)
        if items.isEmpty { try perform(flow.questionnaireFinished()) }
    }

    func handleQuestionnaire(_ command: UICommand) throws {
        guard var form = questionnaire else { return }
        let outcome = form.handle(command)
        questionnaire = form
        try store(outcome)
    }

    func clickQuestionnaire(x: Int32, y: Int32) throws {
        guard var form = questionnaire, let hit = painter.questionnaireTarget(atX: x, y: y) else { return }
        var outcome = Questionnaire.Outcome.none
        switch hit.target {
        case .slider, .option: form.set(hit.value ?? 0)
        case .next: outcome = form.press(.next)
        case .skip: outcome = form.press(.skip)
        }
        questionnaire = form
        try store(outcome)
    }

    /// Stores an answer (an empty one when skipped) before the next question shows; after the last, the flow moves on.
    private func store(_ outcome: Questionnaire.Outcome) throws {
        guard case .stored(let item, let value) = outcome, let form = questionnaire else { return }
        try activeRatings?.record(item, value: value, moment: form.moment, at: clock.date(at: clock.now()))
        if form.isFinished { try perform(flow.questionnaireFinished()) }
    }

    /// The session's questionnaire, or a prompt's.
    private var activeRatings: SessionRatings? { run?.driver.ratings ?? promptRatings }

    var questionnaireHeading: String {
        switch questionnaire?.moment {
        case .before: "Before we start: how are you?"
        case .after: "After the session: how are you?"
        default: "A few quick questions"
        }
    }
}
