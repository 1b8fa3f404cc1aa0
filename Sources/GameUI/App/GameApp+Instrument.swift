// The instrument screens of `questionnaire take`: one item at a time, each answer stored before the next shows.
import Foundation
import StudyKit
import StudyRecords

extension GameApp {
    /// Shows the first sitting's next item; a finished sitting gives way to the next; after the last, the flow ends.
    func showNextInstrumentItem() throws {
        while let sitting = instrumentSittings.first {
            if let item = sitting.nextItem {
                let count = sitting.answeredCount + sitting.remainingItems.count
                instrumentForm = InstrumentForm(item: item, position: sitting.answeredCount + 1, count: count)
                updateTextEntry()
                return
            }
            // Every item answered but no score row yet: a crash came between the two.
            try sitting.finishIfNothingLeft(at: clock.date(at: clock.now()))
            instrumentSittings.removeFirst()
        }
        instrumentForm = nil
        try perform(flow.instrumentsFinished())
    }

    func handleInstrument(_ command: UICommand) throws {
        guard var form = instrumentForm else { return }
        let outcome = form.handle(command)
        instrumentForm = form
        updateTextEntry()
        try storeInstrument(outcome)
    }

    func clickInstrument(x: Int32, y: Int32) throws {
        guard var form = instrumentForm, let target = painter.instrumentTarget(atX: x, y: y) else { return }
        let outcome = form.click(target)
        instrumentForm = form
        updateTextEntry()
        try storeInstrument(outcome)
    }

    /// Stores the answer (an empty one when skipped) before the next item shows.
    private func storeInstrument(_ outcome: InstrumentForm.Outcome) throws {
        guard case .stored(let answer) = outcome, let form = instrumentForm, let sitting = instrumentSittings.first
        else { return }
        try sitting.answer(form.item, answer, at: clock.date(at: clock.now()))
        try showNextInstrumentItem()
    }
}
