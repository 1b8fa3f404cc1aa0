// The tinnitus ratings before or after a session's rounds, or of a reminder's prompt: one question per screen.
import GameCore
import Localization
import SessionRuntime
import StudyKit
import StudyRecords

/// The ratings of one moment, asked with the one questionnaire form (`QuestionnaireForm`, each rating as its
/// `session-ratings` instrument item; yes/no and the SAM figures as a scale): the questions not yet stored, each
/// answer stored the moment it is given (an empty one when skipped) into the session's ratings.csv rows or the
/// prompt's; after the last the flow goes on. Esc neither skips nor leaves.
final class RatingsController: QuestionnaireScreen {
    private let moment: RatingMoment
    private var items: [RatingItem] = []
    private var index = 0
    var form: QuestionnaireForm?

    init(moment: RatingMoment) { self.moment = moment }

    /// The questions of the moment not yet stored (none left: the flow goes on at once).
    func enter(app: GameApp) throws {
        items = try ratings(app)?.remaining(moment) ?? []
        index = 0
        try showNext(app: app)
    }

    /// The session's ratings, or a prompt's.
    private func ratings(_ app: GameApp) -> SessionRatings? { app.run?.driver.ratings ?? app.promptRatings }

    private func showNext(app: GameApp) throws {
        guard items.indices.contains(index) else {
            form = nil
            return try app.perform(app.flow.questionnaireFinished())
        }
        form = QuestionnaireForm(
            item: items[index].askedItem, position: index + 1, count: items.count,
            layout: Self.layout(of: items[index]))
    }

    /// Yes/no and the SAM figures stand side by side, stepped with ← → from the middle; the slider is a slider.
    static func layout(of item: RatingItem) -> QuestionnaireForm.Layout {
        switch item.scale {
        case .yesNo: .scale(manikin: nil, left: "", right: "")
        case .manikin(let dimension, let left, let right):
            .scale(
                manikin: dimension, left: RatingItem.askedAnchor(left), right: RatingItem.askedAnchor(right))
        case .slider: .list
        }
    }

    /// Esc neither skips nor leaves: every other command goes to the form.
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        try ask(command, app: app)
    }

    /// Stores an answer (an empty one when skipped) into ratings.csv before the next question shows.
    func store(_ answer: QuestionnaireAnswer?, app: GameApp) throws {
        try ratings(app)?.record(
            items[index], value: answer?.number, moment: moment, at: app.clock.date(at: app.clock.now()))
        index += 1
        try showNext(app: app)
    }

    func draw(app: GameApp) {
        guard let form else { return }
        let heading =
            switch moment {
            case .before: Translation.gettext("Before we start: how are you?")
            case .after: Translation.gettext("After the session: how are you?")
            default: Translation.gettext("A few quick questions")
            }
        app.painter.drawQuestion(form, heading: heading)
    }
}
