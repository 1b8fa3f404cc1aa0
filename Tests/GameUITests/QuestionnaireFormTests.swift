// One instrument item's state machine: nothing preset, each kind answered by keys, clicks and typing, bad typing said.
import Foundation
import StudyRecords
import Testing

@testable import GameUI

struct QuestionnaireFormTests {
    static func item(_ json: String) throws -> Instrument.Item {
        let text = """
            {"id": "t", "version": 1, "language": "en", "title": "T", "reference": {"citation": "c", "licence": "l"},
             "items": [\(json)]}
            """
        return try InstrumentFile.parse(Data(text.utf8), file: "t.json").items[0]
    }

    static let choice =
        #"{"id": "side", "kind": "single_choice", "text": "Where?", "options": [{"value": 1, "label": "left"}, {"value": 2, "label": "right"}, {"value": 3, "label": "both"}]}"#

    @Test func nothingIsChosenAtFirstAndNextWithoutAnAnswerStoresNothingButSaysWhy() throws {
        var form = QuestionnaireForm(item: try Self.item(Self.choice), position: 1, count: 3)
        #expect(form.answer == nil && form.focus == .option(0))
        // Next cannot take the focus before there is an answer (issue 25): ↓ past the options lands on Skip.
        _ = form.handle(.down)
        _ = form.handle(.down)
        _ = form.handle(.down)
        #expect(form.focus == .skip)
        _ = form.handle(.up)
        #expect(form.focus == .option(2))
        // A click on the inactive Next says why and stores nothing.
        #expect(form.click(.next) == .none)
        #expect(form.hint?.contains("Skip this question") == true)
        _ = form.handle(.down)
        #expect(form.handle(.activate) == .stored(nil), "Skip stores an empty answer")
    }

    @Test func enterOnAnOptionChoosesItAndMovesToNextSoEnterTwiceAnswers() throws {
        var form = QuestionnaireForm(item: try Self.item(Self.choice), position: 1, count: 3)
        _ = form.handle(.down)
        #expect(form.handle(.activate) == .none)
        #expect(form.answer == .number(2) && form.focus == .next)
        #expect(form.handle(.activate) == .stored(.number(2)))
        var byDigit = QuestionnaireForm(item: try Self.item(Self.choice), position: 1, count: 3)
        _ = byDigit.handle(.text("3"))
        #expect(byDigit.click(.next) == .stored(.number(3)))
    }

    @Test func aMultipleChoiceTicksAndUnticksAndStoresWhatIsTicked() throws {
        let item = try Self.item(
            #"{"id": "what", "kind": "multiple_choice", "text": "What?", "options": [{"value": 1, "label": "a"}, {"value": 2, "label": "b"}, {"value": 4, "label": "c"}]}"#
        )
        var form = QuestionnaireForm(item: item, position: 1, count: 1)
        _ = form.handle(.text("3"))
        _ = form.handle(.activate)  // the focus is on option 3: unticks it
        #expect(form.answer == nil)
        _ = form.click(.option(1))
        _ = form.handle(.text("1"))
        #expect(form.isChosen(0) && form.isChosen(1) && !form.isChosen(2))
        #expect(form.click(.next) == .stored(.choices([1, 2])))
    }

    @Test func aSliderHasNoKnobUntilTouchedAndItsFirstPressIsOneStepFromTheMiddleOfItsRange() throws {
        let item = try Self.item(#"{"id": "loud", "kind": "slider", "text": "Loud?", "min": 0, "max": 10}"#)
        var form = QuestionnaireForm(item: item, position: 1, count: 1)
        #expect(form.answer == nil)
        _ = form.handle(.left)
        #expect(form.answer == .number(4.5))
        _ = form.click(.slider(0.8))
        #expect(form.handle(.activate) == .stored(.number(8)))
    }

    @Test func aTypedNumberOutsideItsRangeIsRefusedInASentenceAndATypedOneInsideIsStored() throws {
        let item = try Self.item(
            #"{"id": "age", "kind": "number", "text": "Age?", "min": 0, "max": 120, "unit": "years"}"#)
        var form = QuestionnaireForm(item: item, position: 1, count: 1)
        #expect(form.takesTyping)
        _ = form.handle(.text("130"))
        #expect(form.handle(.activate) == .none)
        #expect(form.hint == "Type a number from 0 to 120 years, or skip.")
        _ = form.handle(.backspace)
        _ = form.handle(.backspace)
        _ = form.handle(.text("2"))
        #expect(form.handle(.activate) == .stored(.number(12)))
    }

    @Test func aDateIsTypedOrSteppedByMonthFromTheFirstOfThisMonth() throws {
        let item = try Self.item(#"{"id": "onset", "kind": "date", "text": "Since?"}"#)
        let today = try #require(DiaryRow.day("2026-11-26"))
        var form = QuestionnaireForm(item: item, position: 1, count: 1, today: today)
        _ = form.handle(.left)
        #expect(form.typed == "2026-11-01")
        _ = form.handle(.left)
        #expect(form.handle(.activate) == .stored(.day("2026-10-01")))
        var typed = QuestionnaireForm(item: item, position: 1, count: 1, today: today)
        _ = typed.handle(.text("2026-02-30"))
        #expect(typed.handle(.activate) == .none, "not a day")
        #expect(typed.hint?.contains("year-month-day") == true)
    }
}
