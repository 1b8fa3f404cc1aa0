// The questionnaire's state machine: nothing preset, explicit skips, every device's commands.
import StudyKit
import StudyRecords
import Testing

@testable import GameUI

struct QuestionnaireTests {
    @Test func nothingIsPresetAndNextWithoutAnAnswerStoresNothing() {
        var form = Questionnaire(moment: .before, items: RatingItem.all)
        #expect(form.answer == nil)
        #expect(form.handle(.activate) == .none)
        #expect(form.hint != nil)
        #expect(form.index == 0)
    }

    @Test func keysAnswerEachKindOfQuestionAndSkipStoresAnEmptyAnswer() {
        var form = Questionnaire(moment: .after, items: RatingItem.all)
        // 1 yes/no: ← is Yes.
        _ = form.handle(.left)
        #expect(form.handle(.activate) == .stored(RatingItem.all[0], value: 1))
        // 2 slider: the first → puts the knob one step right of the middle (never the middle itself), then
        // steps of 0.05.
        _ = form.handle(.right)
        #expect(form.answer == 0.55)
        _ = form.handle(.right)
        _ = form.handle(.right)
        #expect(form.handle(.activate) == .stored(RatingItem.all[1], value: 0.65))
        // 3 skipped: ↓ ↓ to "Skip this question".
        _ = form.handle(.down)
        _ = form.handle(.down)
        #expect(form.focus == .skip)
        #expect(form.handle(.activate) == .stored(RatingItem.all[2], value: nil))
        // 4 SAM: one point left of the middle (4), then one point per press, never beyond 1…9.
        _ = form.handle(.left)
        #expect(form.answer == 4)
        for _ in 0..<6 { _ = form.handle(.left) }
        #expect(form.handle(.activate) == .stored(RatingItem.all[3], value: 1))
        // 5 a mouse click sets the value where clicked; the "Next" button stores it.
        form.set(7)
        #expect(form.press(.next) == .stored(RatingItem.all[4], value: 7))
        form.set(0.8234)
        #expect(form.press(.next) == .stored(RatingItem.all[5], value: 0.823))
        #expect(form.press(.skip) == .stored(RatingItem.all[6], value: nil))
        #expect(form.isFinished)
        #expect(form.handle(.activate) == .none)
    }

    /// Issue 25: the first ← on an untouched slider stored 0.500, number keys did nothing, and ↓ landed on the
    /// inactive Next (which then showed an error).
    @Test func aFirstLeftLeansLeftNumberKeysChooseAndDownSkipsTheInactiveNext() {
        var form = Questionnaire(moment: .after, items: RatingItem.all)
        #expect(form.handle(.text("2")) == .none)
        #expect(form.answer == 0, "2 is No")
        #expect(form.handle(.activate) == .stored(RatingItem.all[0], value: 0))
        _ = form.handle(.down)
        #expect(form.focus == .skip, "Next is inactive without an answer")
        _ = form.handle(.up)
        #expect(form.focus == .answer)
        _ = form.handle(.left)
        #expect(form.handle(.activate) == .stored(RatingItem.all[1], value: 0.45))
        _ = form.handle(.text("7"))
        #expect(form.answer == nil, "a slider takes no number key")
        _ = form.press(.skip)
        _ = form.handle(.text("8"))
        #expect(form.answer == 8)
        _ = form.handle(.down)
        #expect(form.focus == .next, "with an answer ↓ goes to Next")
        #expect(form.handle(.activate) == .stored(RatingItem.all[3], value: 8))
    }

    @Test func concentrationIsAskedAfterTheSessionOnly() {
        #expect(!RatingItem.asked(at: .before).map(\.id).contains("concentration"))
        #expect(RatingItem.asked(at: .after).map(\.id).contains("concentration"))
        #expect(RatingItem.asked(at: .before).count == RatingItem.all.count - 1)
    }

    @Test func escapeDoesNotSkipOrLeave() {
        var form = Questionnaire(moment: .before, items: RatingItem.all)
        #expect(form.handle(.back) == .none)
        #expect(form.index == 0)
    }
}
