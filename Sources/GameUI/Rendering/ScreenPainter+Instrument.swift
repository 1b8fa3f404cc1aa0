// Draws one item of an instrument: the question, its options (ticked for multiple choice), slider or typed field, Next and Skip.
import CSDL2
import Foundation
import StudyRecords

extension ScreenPainter {
    /// What a click at window pixel (x, y) hit on an instrument's screen.
    func instrumentTarget(atX x: Int32, y: Int32) -> InstrumentTarget? {
        if let hit = instrumentTargets.first(where: { contains($0.rect, x, y) }) { return hit.target }
        switch questionnaireTarget(atX: x, y: y) {
        case (.slider, let fraction)?: return .slider(fraction ?? 0)
        case (.next, _)?: return .next
        case (.skip, _)?: return .skip
        default: return nil
        }
    }

    func drawInstrument(_ form: InstrumentForm, title heading: String) {
        window.clear()
        questionnaireTargets = []
        instrumentTargets = []
        // A long title (a validated scale's full name) is drawn smaller rather than cut at the window's edges.
        let fits =
            text.wrappedHeight(heading, width: width - scaled(80), pixels: px(.title), bold: true) <= px(.title) * 13
            / 10
        var y = scaled(36)
        y += text.drawWrapped(
            heading, x: width / 2, y: y, width: width - scaled(80), pixels: fits ? px(.title) : px(.heading),
            bold: true, align: .center)
        y += scaled(8)
        y += text.draw(form.progress, x: width / 2, y: y, pixels: px(.small), color: Theme.dimText, align: .center)
        y += scaled(24)
        y += text.drawWrapped(
            form.item.text ?? form.item.id, x: width / 2, y: y, width: width - scaled(160), pixels: px(.heading),
            bold: true, align: .center)
        if case .multipleChoice = form.item.kind {
            y += text.draw(
                "Tick as many as apply.", x: width / 2, y: y, pixels: px(.small), color: Theme.dimText, align: .center)
        }
        y += scaled(20)
        let buttonsTop = height - scaled(200)
        var keys = "↑ ↓ choose a row · Enter: select"
        switch form.item.kind {
        case .singleChoice, .multipleChoice:
            drawInstrumentOptions(form, top: y, bottom: buttonsTop - scaled(16))
            keys += " · 1–\(min(9, form.options.count)): an answer"
        case .slider(let min, let max, let left, let right):
            y += scaled(30)
            let fraction = form.answer?.number.map { ($0 - min) / Swift.max(1e-9, max - min) }
            drawSlider(fraction, left: left, right: right, top: y, focused: form.focus == .answer)
            keys += " · ← →: move"
        case .number(_, _, let unit):
            drawField(form, suffix: unit, top: y)
            keys += " · type a number, or ← →"
        case .date:
            drawField(form, suffix: "year-month-day", top: y)
            keys += " · type 2024-03-01, or ← → by month"
        case .text:
            drawField(form, suffix: "", top: y)
            keys += " · type your answer"
        }
        drawButtons(
            focused: form.focus == .next ? .next : form.focus == .skip ? .skip : nil,
            nextEnabled: form.answer != nil || !form.typed.isEmpty, top: buttonsTop)
        if let message = form.hint {
            text.drawWrapped(
                message, x: width / 2, y: height - scaled(124), width: width - scaled(120), pixels: px(.small),
                color: Theme.warning, align: .center)
        }
        hint(keys + " · Mouse: click · Gamepad: d-pad, A")
    }

    /// Options as rows (two columns when there are more than four), a tick box for multiple choice.
    private func drawInstrumentOptions(_ form: InstrumentForm, top: Int32, bottom: Int32) {
        let options = form.options
        let columns: Int32 = options.count > 4 ? 2 : 1
        let rowsPerColumn = (Int32(options.count) + columns - 1) / columns
        let gap = scaled(10)
        let rowHeight = Swift.min(scaled(52), (bottom - top - gap * (rowsPerColumn - 1)) / Swift.max(1, rowsPerColumn))
        let columnWidth = Swift.min(scaled(560), (width - scaled(120) - gap * (columns - 1)) / columns)
        let left = (width - columns * columnWidth - (columns - 1) * gap) / 2
        let multiple = if case .multipleChoice = form.item.kind { true } else { false }
        for (index, option) in options.enumerated() {
            let column = Int32(index) / rowsPerColumn
            let row = Int32(index) % rowsPerColumn
            let rect = SDL_Rect(
                x: left + column * (columnWidth + gap), y: top + row * (rowHeight + gap), w: columnWidth, h: rowHeight)
            instrumentTargets.append((.option(index), rect))
            let chosen = form.isChosen(index)
            let focused = form.focus == .option(index)
            window.fill(rect, chosen && !multiple ? Theme.focus : Theme.panel)
            window.outline(
                rect, focused ? Theme.focus : (chosen ? Theme.text : Theme.dimText), thickness: scaled(focused ? 5 : 2))
            let ink = chosen && !multiple ? Theme.focusText : Theme.text
            var textX = rect.x + scaled(16)
            if multiple {
                let box = SDL_Rect(
                    x: textX, y: rect.y + (rowHeight - scaled(26)) / 2, w: scaled(26), h: scaled(26))
                window.outline(box, Theme.text, thickness: scaled(3))
                if chosen {
                    window.fill(
                        SDL_Rect(
                            x: box.x + scaled(6), y: box.y + scaled(6), w: box.w - scaled(12), h: box.h - scaled(12)),
                        Theme.focus)
                }
                textX += scaled(40)
            }
            let label = index < 9 ? "\(index + 1)  \(option.label)" : option.label
            text.draw(
                label, x: textX, y: rect.y + (rowHeight - px(.body) * 6 / 5) / 2, pixels: px(.body), color: ink,
                bold: chosen)
        }
    }

    /// A typed answer's box with a caret while it has the focus, and what follows the number (its unit).
    private func drawField(_ form: InstrumentForm, suffix: String, top: Int32) {
        let fieldWidth = Swift.min(scaled(820), width - scaled(160))
        let rect = SDL_Rect(x: (width - fieldWidth) / 2, y: top + scaled(20), w: fieldWidth, h: scaled(64))
        instrumentTargets.append((.field, rect))
        let focused = form.focus == .answer
        window.fill(rect, Theme.panel)
        window.outline(rect, focused ? Theme.focus : Theme.dimText, thickness: scaled(focused ? 4 : 2))
        let shown = form.typed + (focused ? "▏" : "")
        text.draw(
            shown.isEmpty ? " " : shown, x: rect.x + scaled(16), y: rect.y + (rect.h - px(.body) * 6 / 5) / 2,
            pixels: px(.body), color: Theme.text)
        if !suffix.isEmpty {
            text.draw(
                suffix, x: rect.x + rect.w, y: rect.y + rect.h + scaled(8), pixels: px(.small), color: Theme.dimText,
                align: .right)
        }
    }
}
