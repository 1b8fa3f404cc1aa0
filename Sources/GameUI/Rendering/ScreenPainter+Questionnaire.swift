// Draws one question of the tinnitus questionnaire: the question, a knob-less slider or a choice, Next and Skip.
import CSDL2
import StudyKit
import StudyRecords

/// What a click on the questionnaire screen hit.
enum QuestionnaireTarget: Equatable {
    /// The slider's track: the value is where along it the click was.
    case slider
    case option(Double)
    case next, skip
}

extension ScreenPainter {
    /// The target under window pixel (x, y), and for the slider the value there (0 at the left end).
    func questionnaireTarget(atX x: Int32, y: Int32) -> (target: QuestionnaireTarget, value: Double?)? {
        guard let hit = questionnaireTargets.first(where: { contains($0.rect, x, y) }) else { return nil }
        switch hit.target {
        case .slider:
            return (.slider, min(1, max(0, Double(x - hit.rect.x) / Double(max(1, hit.rect.w - 1)))))
        case .option(let value): return (hit.target, value)
        default: return (hit.target, nil)
        }
    }

    func drawQuestionnaire(_ form: Questionnaire, heading: String) {
        window.clear()
        questionnaireTargets = []
        guard let item = form.item else { return }
        var y = title(heading, subtitle: form.progress)
        y += text.drawWrapped(
            item.question, x: width / 2, y: y, width: width - scaled(160), pixels: px(.heading), bold: true,
            align: .center)
        y += scaled(40)
        let answerFocused = form.focus == .answer
        switch item.scale {
        case .slider(let left, let right):
            drawSlider(form.answer, left: left, right: right, top: y, focused: answerFocused)
        case .yesNo:
            drawOptions(
                Questionnaire.options(of: item), chosen: form.answer, top: y, size: (260, 90), focused: answerFocused,
                manikin: nil)
        case .manikin(let dimension, let left, let right):
            let boxHeight = 150.0
            drawOptions(
                Questionnaire.options(of: item), chosen: form.answer, top: y, size: (86, boxHeight),
                focused: answerFocused, manikin: dimension)
            let rowWidth = 9 * scaled(86) + 8 * scaled(14)
            let labelY = y + scaled(boxHeight) + scaled(16)
            text.draw(left, x: (width - rowWidth) / 2, y: labelY, pixels: px(.small), color: Theme.text)
            text.draw(right, x: (width + rowWidth) / 2, y: labelY, pixels: px(.small), color: Theme.text, align: .right)
        }
        drawButtons(
            focused: form.focus == .next ? .next : form.focus == .skip ? .skip : nil, nextEnabled: form.answer != nil,
            top: height - scaled(200))
        if let message = form.hint {
            text.drawWrapped(
                message, x: width / 2, y: height - scaled(124), width: width - scaled(120), pixels: px(.small),
                color: Theme.warning, align: .center)
        }
        let numbers: String
        switch item.scale {
        case .manikin: numbers = " · 1–9: choose a figure"
        case .yesNo: numbers = " · 1: Yes, 2: No"
        case .slider: numbers = ""
        }
        hint("← → answer\(numbers) · ↑ ↓ Next or Skip · Enter: confirm · Mouse: click · Gamepad: d-pad, A")
    }

    /// A track with no knob until `value` (0 at the left end, 1 at the right) exists; a click anywhere on it sets the
    /// value there.
    func drawSlider(_ value: Double?, left: String, right: String, top: Int32, focused: Bool) {
        let trackWidth = min(scaled(900), width - scaled(160))
        let x = (width - trackWidth) / 2
        let hitArea = SDL_Rect(x: x - scaled(10), y: top, w: trackWidth + scaled(20), h: scaled(70))
        questionnaireTargets.append((.slider, SDL_Rect(x: x, y: hitArea.y, w: trackWidth, h: hitArea.h)))
        if focused { window.outline(hitArea, Theme.focus, thickness: scaled(4)) }
        let track = SDL_Rect(x: x, y: top + scaled(29), w: trackWidth, h: scaled(12))
        window.fill(track, Theme.panel)
        window.outline(track, focused ? Theme.focus : Theme.dimText, thickness: scaled(2))
        if let value {
            let knobX = x + Int32((Double(trackWidth) * value).rounded())
            window.fill(SDL_Rect(x: knobX - scaled(12), y: top + scaled(8), w: scaled(24), h: scaled(54)), Theme.focus)
        } else {
            text.draw(
                "Click on the line, or press ← →", x: width / 2, y: top - scaled(30), pixels: px(.small),
                color: Theme.dimText, align: .center)
        }
        let labelY = top + scaled(76)
        text.draw(left, x: x, y: labelY, pixels: px(.small), color: Theme.dimText)
        text.draw(right, x: x + trackWidth, y: labelY, pixels: px(.small), color: Theme.dimText, align: .right)
    }

    /// A row of options; with `manikin`, each box shows its SAM figure above its number. The focus is a frame
    /// around the whole row (the keys move the choice within it); the chosen option is filled.
    private func drawOptions(
        _ options: [(label: String, value: Double)], chosen: Double?, top: Int32, size: (Double, Double), focused: Bool,
        manikin: RatingItem.ManikinDimension?
    ) {
        let boxWidth = scaled(size.0)
        let boxHeight = scaled(size.1)
        let gap = options.count > 2 ? scaled(14) : scaled(60)
        let rowWidth = Int32(options.count) * boxWidth + Int32(options.count - 1) * gap
        var x = (width - rowWidth) / 2
        if focused {
            let pad = scaled(10)
            window.outline(
                SDL_Rect(x: x - pad, y: top - pad, w: rowWidth + 2 * pad, h: boxHeight + 2 * pad), Theme.focus,
                thickness: scaled(4))
        }
        for option in options {
            let rect = SDL_Rect(x: x, y: top, w: boxWidth, h: boxHeight)
            questionnaireTargets.append((.option(option.value), rect))
            let selected = chosen == option.value
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
    }

    /// Next and Skip side by side; Next looks inactive until there is an answer (it then says what is missing).
    func drawButtons(focused: QuestionnaireTarget?, nextEnabled: Bool, top: Int32) {
        let buttonWidth = scaled(380)
        let buttonHeight = scaled(64)
        let gap = scaled(40)
        let left = (width - 2 * buttonWidth - gap) / 2
        for (index, (target, label)) in [(QuestionnaireTarget.next, "Next"), (.skip, "Skip this question")].enumerated()
        {
            let rect = SDL_Rect(x: left + Int32(index) * (buttonWidth + gap), y: top, w: buttonWidth, h: buttonHeight)
            questionnaireTargets.append((target, rect))
            let isFocused = target == focused
            let enabled = target == .skip || nextEnabled
            window.fill(rect, isFocused ? Theme.focus : Theme.panel)
            if enabled && !isFocused { window.outline(rect, Theme.dimText, thickness: scaled(2)) }
            let color = isFocused ? Theme.focusText : (enabled ? Theme.text : Theme.disabledText)
            text.draw(
                label, x: rect.x + buttonWidth / 2, y: top + (buttonHeight - px(.body) * 6 / 5) / 2, pixels: px(.body),
                color: color, bold: true, align: .center)
        }
    }
}
