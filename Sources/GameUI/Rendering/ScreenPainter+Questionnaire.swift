// Draws one question of a questionnaire (the session ratings or an instrument's item): the question, its choices,
// scale, knob-less slider or typed field, Next and Skip.
import CSDL2
import Foundation
import Localization
import StudyKit
import StudyRecords

extension ScreenPainter {
    /// What a click at window pixel (x, y) hit, and for the slider where along it.
    func questionnaireTarget(atX x: Int32, y: Int32) -> QuestionnaireTarget? {
        guard let hit = questionnaireTargets.first(where: { contains($0.rect, x, y) }) else { return nil }
        guard case .slider = hit.target else { return hit.target }
        return .slider(min(1, max(0, Double(x - hit.rect.x) / Double(max(1, hit.rect.w - 1)))))
    }

    /// The question of `form` under `heading` (the instrument's title, or the ratings' "how are you?").
    /// `status`: a line above the footer saying what else the screen does (the ratings' ambient level); it moves
    /// nothing of the form.
    func drawQuestion(_ form: QuestionnaireForm, heading: String, status: String? = nil, note: String? = nil) {
        window.clear()
        questionnaireTargets = []
        questionStatus = nil
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
        if let note {
            // Why it is asked now (a questionnaire the study team assigned), under the count.
            y += text.drawWrapped(
                note, x: width / 2, y: y, width: width - scaled(160), pixels: px(.small), color: Theme.dimText,
                align: .center)
        }
        y += scaled(24)
        y += text.drawWrapped(
            form.item.text ?? form.item.id, x: width / 2, y: y, width: width - scaled(160), pixels: px(.heading),
            bold: true, align: .center)
        if case .multipleChoice = form.item.kind {
            y += text.draw(
                Translation.gettext("Tick as many as apply."), x: width / 2, y: y, pixels: px(.small),
                color: Theme.dimText, align: .center)
        }
        y += scaled(20)
        // A status line above the footer has one line's room below the buttons; each line more (large text wraps
        // it) moves the buttons up rather than under the status.
        let statusLines = status.map { text.wrappedHeight($0, width: width - scaled(160), pixels: px(.small)) } ?? 0
        let oneLine = text.wrappedHeight("X", width: width - scaled(160), pixels: px(.small))
        var buttonsTop = height - scaled(200) - max(0, statusLines - oneLine)
        var keys = Translation.gettext("↑ ↓ choose a row · Enter: select")
        switch (form.item.kind, form.layout) {
        case (.singleChoice, .scale(let manikin, let left, let right)):
            drawScale(form, manikin: manikin, left: left, right: right, top: y + scaled(20))
            keys =
                manikin != nil
                ? Translation.gettext(
                    "← → answer · 1–{count}: choose a figure · ↑ ↓ Next or Skip · Enter: confirm",
                    ["count": String(form.options.count)])
                : Translation.gettext("← → answer · 1: Yes, 2: No · ↑ ↓ Next or Skip · Enter: confirm")
        case (.singleChoice, _), (.multipleChoice, _):
            drawListOptions(form, top: y, bottom: buttonsTop - scaled(16))
            keys += Translation.gettext(" · 1–{count}: an answer", ["count": String(min(9, form.options.count))])
        case (.slider(let min, let max, let left, let right), _):
            y += scaled(30)
            let fraction = form.answer?.number.map { ($0 - min) / Swift.max(1e-9, max - min) }
            drawSlider(fraction, left: left, right: right, top: y, focused: form.focus == .answer)
            keys = Translation.gettext("← → answer · ↑ ↓ Next or Skip · Enter: confirm")
        case (.number(_, _, let unit), _):
            drawField(form, suffix: unit, top: y)
            keys += Translation.gettext(" · type a number, or ← →")
        case (.date, _):
            drawField(form, suffix: Translation.gettext("year-month-day"), top: y)
            keys += Translation.gettext(" · type 2024-03-01, or ← → by month")
        case (.text, _):
            drawField(form, suffix: "", top: y)
            keys += Translation.gettext(" · type your answer")
        }
        let footer = keys + Translation.gettext(" · Mouse: click · Gamepad: d-pad, A")
        // The footer wraps too in large text: the buttons end above the status wherever the footer begins.
        if status != nil, form.hint == nil {
            buttonsTop = min(buttonsTop, footerTop(footer) - statusLines - scaled(4) - scaled(64) - scaled(6))
        }
        drawButtons(
            focused: form.focus == .next ? .next : form.focus == .skip ? .skip : nil, nextEnabled: form.hasAnswer,
            top: buttonsTop)
        if let message = form.hint {
            text.drawWrapped(
                message, x: width / 2, y: height - scaled(124), width: width - scaled(120), pixels: px(.small),
                color: Theme.warning, align: .center)
        }
        // The form's own warning (Next without an answer) stands where a two-line status would: it goes first.
        if let status, form.hint == nil {
            let lines = text.wrappedHeight(status, width: width - scaled(160), pixels: px(.small))
            let top = footerTop(footer) - lines - scaled(4)
            text.drawWrapped(
                status, x: width / 2, y: top, width: width - scaled(160), pixels: px(.small), color: Theme.text,
                align: .center)
            questionStatus = SDL_Rect(x: scaled(80), y: top, w: width - scaled(160), h: lines)
        }
        hint(footer)
    }

    /// A track with no knob until `value` (0 at the left end, 1 at the right) exists; a click anywhere on it sets the
    /// value there.
    func drawSlider(_ value: Double?, left: String, right: String, top: Int32, focused: Bool) {
        let trackWidth = min(scaled(900), width - scaled(160))
        let x = (width - trackWidth) / 2
        let hitArea = SDL_Rect(x: x - scaled(10), y: top, w: trackWidth + scaled(20), h: scaled(70))
        questionnaireTargets.append((.slider(0), SDL_Rect(x: x, y: hitArea.y, w: trackWidth, h: hitArea.h)))
        if focused { window.outline(hitArea, Theme.focus, thickness: scaled(4)) }
        let track = SDL_Rect(x: x, y: top + scaled(29), w: trackWidth, h: scaled(12))
        window.fill(track, Theme.panel)
        window.outline(track, focused ? Theme.focus : Theme.dimText, thickness: scaled(2))
        if let value {
            let knobX = x + Int32((Double(trackWidth) * value).rounded())
            window.fill(SDL_Rect(x: knobX - scaled(12), y: top + scaled(8), w: scaled(24), h: scaled(54)), Theme.focus)
        } else {
            text.draw(
                Translation.gettext("Click on the line, or press ← →"), x: width / 2, y: top - scaled(30),
                pixels: px(.small),
                color: Theme.dimText, align: .center)
        }
        let labelY = top + scaled(76)
        text.draw(left, x: x, y: labelY, pixels: px(.small), color: Theme.dimText)
        text.draw(right, x: x + trackWidth, y: labelY, pixels: px(.small), color: Theme.dimText, align: .right)
    }

    /// A scale's options side by side (yes and no; with `manikin`, each box shows its SAM figure above its number
    /// and the ends their anchors). The focus is a frame around the whole row (← → move the choice within it); the
    /// chosen option is filled.
    private func drawScale(
        _ form: QuestionnaireForm, manikin: RatingItem.ManikinDimension?, left: String, right: String, top: Int32
    ) {
        let options = form.options
        let boxWidth = scaled(manikin != nil ? 86 : 260)
        let boxHeight = scaled(manikin != nil ? 150 : 90)
        let gap = options.count > 2 ? scaled(14) : scaled(60)
        let rowWidth = Int32(options.count) * boxWidth + Int32(options.count - 1) * gap
        var x = (width - rowWidth) / 2
        if form.focus == .answer {
            let pad = scaled(10)
            window.outline(
                SDL_Rect(x: x - pad, y: top - pad, w: rowWidth + 2 * pad, h: boxHeight + 2 * pad), Theme.focus,
                thickness: scaled(4))
        }
        for (index, option) in options.enumerated() {
            let rect = SDL_Rect(x: x, y: top, w: boxWidth, h: boxHeight)
            questionnaireTargets.append((.option(index), rect))
            let selected = form.isChosen(index)
            window.fill(rect, selected ? Theme.focus : Theme.panel)
            window.outline(rect, selected ? Theme.text : Theme.dimText, thickness: scaled(selected ? 4 : 2))
            let ink = selected ? Theme.focusText : Theme.text
            if let manikin {
                let figure = SDL_Rect(x: x, y: top + scaled(6), w: boxWidth, h: boxHeight - scaled(48))
                ManikinPainter(window: window).draw(manikin, point: Int(option.value), in: figure, color: ink)
                text.draw(
                    option.label, x: x + boxWidth / 2, y: top + boxHeight - scaled(40), pixels: px(.body), color: ink,
                    bold: true, align: .center)
            } else {
                text.draw(
                    option.label, x: x + boxWidth / 2, y: top + (boxHeight - px(.heading) * 6 / 5) / 2,
                    pixels: px(.heading), color: ink, bold: true, align: .center)
            }
            x += boxWidth + gap
        }
        guard !left.isEmpty || !right.isEmpty else { return }
        let labelY = top + boxHeight + scaled(16)
        text.draw(left, x: (width - rowWidth) / 2, y: labelY, pixels: px(.small), color: Theme.text)
        text.draw(right, x: (width + rowWidth) / 2, y: labelY, pixels: px(.small), color: Theme.text, align: .right)
    }

    /// Options as rows (two columns when there are more than four), a tick box for multiple choice.
    private func drawListOptions(_ form: QuestionnaireForm, top: Int32, bottom: Int32) {
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
            questionnaireTargets.append((.option(index), rect))
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
            drawButtonLabel(label, in: rect, pixels: px(.body), color: ink, bold: chosen, inset: textX - rect.x)
        }
    }

    /// A typed answer's box with a caret while it has the focus, and what follows the number (its unit).
    private func drawField(_ form: QuestionnaireForm, suffix: String, top: Int32) {
        let fieldWidth = Swift.min(scaled(820), width - scaled(160))
        let rect = SDL_Rect(x: (width - fieldWidth) / 2, y: top + scaled(20), w: fieldWidth, h: scaled(64))
        questionnaireTargets.append((.field, rect))
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

    /// Next and Skip side by side; Next looks inactive until there is an answer (it then says what is missing).
    func drawButtons(focused: QuestionnaireTarget?, nextEnabled: Bool, top: Int32) {
        let buttonHeight = scaled(64)
        let gap = scaled(40)
        let buttons = [
            (QuestionnaireTarget.next, Translation.gettext("Next")), (.skip, Translation.gettext("Skip this question")),
        ]
        let buttonWidth = widthOfButton(
            for: buttons.map(\.1), pixels: px(.body), minimum: scaled(380), maximum: (width - gap - scaled(40)) / 2)
        let left = (width - 2 * buttonWidth - gap) / 2
        for (index, (target, label)) in buttons.enumerated() {
            let rect = SDL_Rect(x: left + Int32(index) * (buttonWidth + gap), y: top, w: buttonWidth, h: buttonHeight)
            questionnaireTargets.append((target, rect))
            let isFocused = target == focused
            let enabled = target == .skip || nextEnabled
            window.fill(rect, isFocused ? Theme.focus : Theme.panel)
            if enabled && !isFocused { window.outline(rect, Theme.dimText, thickness: scaled(2)) }
            let color = isFocused ? Theme.focusText : (enabled ? Theme.text : Theme.disabledText)
            drawButtonLabel(label, in: rect, pixels: px(.body), color: color)
        }
    }
}
