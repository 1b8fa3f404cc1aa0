// What the ratings' and the instruments' screens share: one question at a time in the one form.
import GameCore
import StudyRecords

/// A screen that asks one question at a time with `QuestionnaireForm` (the session ratings, an instrument's items):
/// keys and clicks go to the form, and what it gives — an answer, or an empty one when skipped — is stored by the
/// screen (`store`) before its next question shows.
protocol QuestionnaireScreen: ScreenController {
    /// The question on screen (nil before the first and after the last).
    var form: QuestionnaireForm? { get set }
    /// Stores the answer to the form's item (nil: skipped) and shows the next question or moves the flow on.
    func store(_ answer: QuestionnaireAnswer?, app: GameApp) throws
}

extension QuestionnaireScreen {
    /// A key or button for the form.
    func ask(_ command: UICommand, app: GameApp) throws {
        guard var form else { return }
        let outcome = form.handle(command)
        self.form = form
        if case .stored(let answer) = outcome { try store(answer, app: app) }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try clickForm(x: x, y: y, app: app)
    }

    /// A click on the form's answers and buttons.
    func clickForm(x: Int32, y: Int32, app: GameApp) throws {
        guard var form, let target = app.painter.questionnaireTarget(atX: x, y: y) else { return }
        let outcome = form.click(target)
        self.form = form
        if case .stored(let answer) = outcome { try store(answer, app: app) }
    }

    var takesTyping: Bool { form?.takesTyping == true }

    func sentence(app: GameApp) -> String? { form?.item.text }
}
