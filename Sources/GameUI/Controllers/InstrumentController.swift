// An instrument's items one at a time (`questionnaire take`, a plan's questionnaires, a study's own sheet).
import GameCore
import SessionRuntime
import StudyKit
import StudyRecords

/// The instrument screen: the first waiting sitting's next item (`QuestionnaireForm`), each answer stored before the
/// next item shows; a finished sitting gives way to the next, and after the last the flow goes on. The sittings
/// are the window's (`GameApp.instrumentSittings`: chosen before this screen shows, or when it shows after a plan
/// session). Esc (gamepad B) closes the window: every answer given is stored, the next take continues.
final class InstrumentController: QuestionnaireScreen {
    var form: QuestionnaireForm?

    /// After a plan session with nothing queued: the questionnaires due at this point. Then the first item.
    func enter(app: GameApp) throws {
        if app.instrumentSittings.isEmpty, app.flow.sessionComplete, let point = app.training?.planPoint,
            let run = app.run
        {
            let due = point.questionnaires.after(
                planSession: point.planSession, totalSessions: point.totalSessions,
                sessionIndex: run.driver.log.sessionIndex)
            app.instrumentSittings = try PlanQuestionnaireRun.sittings(
                due, logs: app.options.logs, participant: try ParticipantID(app.settings.participant),
                library: app.instrumentEntries ?? [], needsWording: true)
        }
        try showNextItem(app: app)
    }

    /// Shows the first sitting's next item; a finished sitting gives way to the next; after the last, the flow ends.
    private func showNextItem(app: GameApp) throws {
        while let sitting = app.instrumentSittings.first {
            if let item = sitting.nextItem {
                let count = sitting.answeredCount + sitting.remainingItems.count
                form = QuestionnaireForm(item: item, position: sitting.answeredCount + 1, count: count)
                return app.updateTextEntry()
            }
            // Every item answered but no score row yet: a crash came between the two.
            try sitting.finishIfNothingLeft(at: app.clock.date(at: app.clock.now()))
            app.instrumentSittings.removeFirst()
        }
        form = nil
        try app.instrumentsFinished()
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back { return try app.perform(app.flow.quit()) }
        try ask(command, app: app)
    }

    /// Stores the answer (an empty one when skipped) before the next item shows.
    func store(_ answer: QuestionnaireAnswer?, app: GameApp) throws {
        guard let form, let sitting = app.instrumentSittings.first else { return }
        try sitting.answer(form.item, answer, at: app.clock.date(at: app.clock.now()))
        try showNextItem(app: app)
    }

    func draw(app: GameApp) {
        if let form, let sitting = app.instrumentSittings.first {
            app.painter.drawQuestion(form, heading: sitting.instrument.title, note: sitting.note)
        }
    }
}
