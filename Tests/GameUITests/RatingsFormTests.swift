// The session ratings asked by the one questionnaire form: nothing preset, explicit skips, every device's commands.
import StudyKit
import StudyRecords
import Testing

@testable import GameUI

struct RatingsFormTests {
    /// The form of rating `index` as `RatingsController` makes it.
    static func form(_ index: Int, of items: [RatingItem] = RatingItem.all) -> QuestionnaireForm {
        QuestionnaireForm(
            item: items[index].instrumentItem, position: index + 1, count: items.count,
            layout: RatingsController.layout(of: items[index]))
    }

    @Test func nothingIsPresetAndNextWithoutAnAnswerStoresNothing() {
        var form = Self.form(0)
        #expect(form.answer == nil)
        #expect(form.handle(.activate) == .none)
        #expect(form.hint != nil)
        #expect(form.progress == "Question 1 of 7")
    }

    @Test func keysAnswerEachKindOfQuestionAndSkipStoresAnEmptyAnswer() {
        // 1 yes/no: ← is Yes.
        var form = Self.form(0)
        _ = form.handle(.left)
        #expect(form.handle(.activate) == .stored(.number(1)))
        // 2 slider: the first → puts the knob one step right of the middle (never the middle itself), then
        // steps of 0.05.
        form = Self.form(1)
        _ = form.handle(.right)
        #expect(form.answer == .number(0.55))
        _ = form.handle(.right)
        _ = form.handle(.right)
        #expect(form.handle(.activate) == .stored(.number(0.65)))
        // 3 skipped: ↓ ↓ to "Skip this question".
        form = Self.form(2)
        _ = form.handle(.down)
        _ = form.handle(.down)
        #expect(form.focus == .skip)
        #expect(form.handle(.activate) == .stored(nil))
        // 4 SAM: one point left of the middle (4), then one point per press, never beyond 1…9.
        form = Self.form(3)
        _ = form.handle(.left)
        #expect(form.answer == .number(4))
        for _ in 0..<6 { _ = form.handle(.left) }
        #expect(form.handle(.activate) == .stored(.number(1)))
        // 5 a mouse click on a figure chooses it; the "Next" button stores it.
        form = Self.form(4)
        _ = form.click(.option(6))
        #expect(form.click(.next) == .stored(.number(7)))
        // 6 a click on the slider sets the value where clicked (to a thousandth).
        form = Self.form(5)
        _ = form.click(.slider(0.8234))
        #expect(form.click(.next) == .stored(.number(0.823)))
        form = Self.form(6)
        #expect(form.click(.skip) == .stored(nil))
    }

    /// Issue 25: the first ← on an untouched slider stored 0.500, number keys did nothing, and ↓ landed on the
    /// inactive Next (which then showed an error).
    @Test func aFirstLeftLeansLeftNumberKeysChooseAndDownSkipsTheInactiveNext() {
        var form = Self.form(0)
        #expect(form.handle(.text("2")) == .none)
        #expect(form.answer == .number(0), "2 is No")
        #expect(form.focus == .answer, "a number key keeps the focus on the scale")
        #expect(form.handle(.activate) == .stored(.number(0)))
        form = Self.form(1)
        _ = form.handle(.down)
        #expect(form.focus == .skip, "Next is inactive without an answer")
        _ = form.handle(.up)
        #expect(form.focus == .answer)
        _ = form.handle(.left)
        #expect(form.handle(.activate) == .stored(.number(0.45)))
        form = Self.form(2)
        _ = form.handle(.text("7"))
        #expect(form.answer == nil, "a slider takes no number key")
        form = Self.form(3)
        _ = form.handle(.text("8"))
        #expect(form.answer == .number(8))
        _ = form.handle(.down)
        #expect(form.focus == .next, "with an answer ↓ goes to Next")
        #expect(form.handle(.activate) == .stored(.number(8)))
    }

    @Test func concentrationIsAskedAfterTheSessionOnly() {
        #expect(!RatingItem.asked(at: .before).map(\.id).contains("concentration"))
        #expect(RatingItem.asked(at: .after).map(\.id).contains("concentration"))
        #expect(RatingItem.asked(at: .before).count == RatingItem.all.count - 1)
    }

    @Test func escapeDoesNotSkipOrLeave() {
        var form = Self.form(0)
        #expect(form.handle(.back) == .none)
        #expect(form.answer == nil && form.hint == nil)
    }
}
