// Draws each screen: menus, headphone check, the viewfinder, results, breaks, the summary and errors.
import CSDL2
import Foundation
import Localization

/// Draws one frame of a screen from plain values. Layout is proportional to the window, so the same
/// code fills 1280×720 and 1920×1080; the text is large and high-contrast (see `Theme`).
final class ScreenPainter {
    let window: GameWindow
    let text: TextRenderer

    init(window: GameWindow, text: TextRenderer) {
        self.window = window
        self.text = text
    }

    var width: Int32 { Int32(window.size.width) }
    var height: Int32 { Int32(window.size.height) }
    func px(_ size: Theme.TextSize) -> Int32 { size.pixels(windowHeight: Int(height)) }
    /// A length given for a 720-pixel-high window, scaled to this one.
    func scaled(_ value: Double) -> Int32 { Int32((value * Double(height) / 720).rounded()) }

    // MARK: Shared pieces

    func title(_ title: String, subtitle: String? = nil) -> Int32 {
        var y = scaled(36)
        y += text.draw(title, x: width / 2, y: y, pixels: px(.title), bold: true, align: .center)
        if let subtitle {
            y += scaled(8)
            y += text.drawWrapped(
                subtitle, x: width / 2, y: y, width: width - scaled(80), pixels: px(.small), color: Theme.dimText,
                align: .center)
        }
        return y + scaled(24)
    }

    /// A sentence over the top of any screen for a few seconds (read aloud turned on or off, or unavailable).
    func drawNotice(_ notice: String) {
        let pixels = px(.body)
        let textHeight = text.wrappedHeight(notice, width: width - scaled(120), pixels: pixels)
        let band = SDL_Rect(x: scaled(20), y: scaled(6), w: width - scaled(40), h: textHeight + scaled(16))
        window.fill(band, Theme.panel)
        window.outline(band, Theme.focus, thickness: scaled(2))
        text.drawWrapped(
            notice, x: width / 2, y: band.y + scaled(8), width: width - scaled(120), pixels: pixels,
            color: Theme.text, align: .center)
    }

    /// The y where `hint` will start its footer (what a menu must stay above).
    func footerTop(_ hint: String) -> Int32 {
        height - scaled(20) - text.wrappedHeight(hint, width: width - scaled(40), pixels: px(.small)) - scaled(6)
    }

    func hint(_ hint: String) {
        let pixels = px(.small)
        // Bottom-aligned as a block: a footer that wraps (large text) grows upwards, never off the window.
        let lines = text.wrappedHeight(hint, width: width - scaled(40), pixels: pixels)
        text.drawWrapped(
            hint, x: width / 2, y: height - scaled(20) - lines, width: width - scaled(40),
            pixels: pixels, color: Theme.dimText, align: .center)
    }

    /// A button's label in `rect`, centred (or from `inset` at the left): at `wanted` pixels when it fits, else as
    /// large as fits (down to half), so large text or a long language never spills over the button's edges; with
    /// `wrapped`, broken into lines first. The button is recorded with the texts for the window tests.
    func drawButtonLabel(
        _ label: String, in rect: SDL_Rect, pixels wanted: Int32, color: SDL_Color = Theme.text, bold: Bool = true,
        inset: Int32? = nil, wrapped: Bool = false
    ) {
        text.recordButton(rect)
        let room = rect.w - (inset ?? scaled(12)) - scaled(12)
        func height(_ pixels: Int32) -> Int32 {
            wrapped
                ? text.wrappedHeight(label, width: room, pixels: pixels, bold: bold)
                : text.measure(label, pixels: pixels, bold: bold).height
        }
        func fits(_ pixels: Int32) -> Bool {
            let widest =
                wrapped
                ? label.split(separator: " ").map { text.measure(String($0), pixels: pixels, bold: bold).width }.max()
                    ?? 0
                : text.measure(label, pixels: pixels, bold: bold).width
            return widest <= room && height(pixels) <= rect.h - scaled(4)
        }
        var pixels = wanted
        while pixels > wanted / 2, !fits(pixels) { pixels -= max(1, pixels / 12) }
        let top = rect.y + (rect.h - height(pixels)) / 2
        let x = inset.map { rect.x + $0 } ?? rect.x + rect.w / 2
        let align: TextRenderer.Alignment = inset == nil ? .center : .left
        if wrapped {
            text.drawWrapped(
                label, x: x, y: top, width: room, pixels: pixels, color: color, bold: bold, align: align)
        } else {
            text.draw(label, x: x, y: top, pixels: pixels, color: color, bold: bold, align: align)
        }
    }

    /// A button's width for `label` at `pixels`: `minimum`, or wider for a longer label (large text, a long
    /// language), never wider than `maximum` (the label then takes smaller type, `drawButtonLabel`).
    func widthOfButton(for labels: [String], pixels: Int32, minimum: Int32, maximum: Int32) -> Int32 {
        let widest = labels.map { text.measure($0, pixels: pixels, bold: true).width }.max() ?? 0
        return min(max(minimum, widest + scaled(40)), maximum)
    }

    /// Where the last drawn menu's rows are (for mouse clicks), by row id.
    private(set) var menuRows: [(id: String, rect: SDL_Rect)] = []
    /// Where the headphone check's buttons are, with the command each stands for.
    private(set) var checkButtons: [(command: UICommand, rect: SDL_Rect)] = []
    /// Where the hearing screens' buttons are, with the command each stands for (ScreenPainter+Hearing).
    var hearingButtons: [(command: UICommand, rect: SDL_Rect)] = []
    /// Where a question's options, slider, field and buttons are (ScreenPainter+Questionnaire).
    var questionnaireTargets: [(target: QuestionnaireTarget, rect: SDL_Rect)] = []
    /// Where the question's status line was last drawn (the ratings' ambient level: a click there is its switch).
    var questionStatus: SDL_Rect?

    /// The menu row under window pixel (x, y), and whether the point is in the row's left half.
    func menuRow(atX x: Int32, y: Int32) -> (id: String, leftHalf: Bool)? {
        menuRows.first { contains($0.rect, x, y) }.map { ($0.id, x < $0.rect.x + $0.rect.w / 2) }
    }

    func checkButton(atX x: Int32, y: Int32) -> UICommand? {
        checkButtons.first { contains($0.rect, x, y) }?.command
    }

    func contains(_ rect: SDL_Rect, _ x: Int32, _ y: Int32) -> Bool {
        x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h
    }

    /// A menu row's height: taller with large text, so its words stay inside it.
    var menuRowHeight: Int32 { Int32((Double(scaled(50)) * Theme.textScale).rounded()) }

    /// A vertical menu: focused row highlighted; choices show ◀ value ▶; text fields a caret when focused.
    /// Rows that do not fit above `bottom` (large text, a long menu) are drawn a little lower first, then
    /// scrolled so that the focused row and the one after it always show, with ▲ ▼ where rows are hidden.
    /// Returns the y below the last drawn row.
    @discardableResult
    func drawMenu(_ menu: MenuModel, top: Int32, rowWidth requestedWidth: Int32? = nil, bottom: Int32? = nil)
        -> Int32
    {
        menuRows = []
        // Wide enough for the longest button's words (large text), within the window.
        let widest = menu.items.map { text.measure($0.title, pixels: px(.body), bold: true).width }.max() ?? 0
        let rowWidth = min(max(requestedWidth ?? scaled(900), widest + scaled(60)), width - scaled(60))
        let count = Int32(menu.items.count)
        let room = (bottom ?? height) - top
        let rowHeight = count * menuRowHeight > room ? max(menuRowHeight * 4 / 5, room / max(count, 1)) : menuRowHeight
        let visible = max(1, min(menu.items.count, Int(room / rowHeight)))
        let first = visible < menu.items.count ? max(0, min(menu.items.count - visible, menu.focus - visible + 2)) : 0
        let shown = first..<(first + visible)
        let left = (width - rowWidth) / 2
        let pixels = px(.body)
        var y = top
        for (index, item) in menu.items.enumerated() where shown.contains(index) {
            let focused = index == menu.focus
            let row = SDL_Rect(x: left, y: y, w: rowWidth, h: rowHeight - scaled(6))
            menuRows.append((item.id, row))
            if focused { window.fill(row, Theme.focus) } else { window.fill(row, Theme.panel) }
            let color = !item.enabled ? Theme.disabledText : (focused ? Theme.focusText : Theme.text)
            let textY = y + (rowHeight - scaled(6) - pixels * 6 / 5) / 2
            switch item.kind {
            case .button:
                drawButtonLabel(item.title, in: row, pixels: pixels, color: color)
            case .choice:
                let value = focused ? "◀  \(item.shownValue)  ▶" : item.shownValue
                drawTitle(item.title, beside: value, left: left, rowWidth: rowWidth, textY: textY, color: color)
                text.draw(
                    value, x: left + rowWidth - scaled(20), y: textY, pixels: pixels, color: color, bold: true,
                    align: .right)
            case .text(let value, _, _):
                let shown = value.isEmpty && !focused ? item.placeholder : value + (focused ? "▏" : "")
                drawTitle(item.title, beside: shown, left: left, rowWidth: rowWidth, textY: textY, color: color)
                text.draw(
                    shown, x: left + rowWidth - scaled(20), y: textY, pixels: pixels, color: color, bold: true,
                    align: .right)
            }
            if (index == shown.lowerBound && first > 0) || (index == shown.upperBound - 1 && shown.upperBound < count) {
                text.draw(
                    index == shown.lowerBound && first > 0 ? "▲" : "▼", x: left + rowWidth + scaled(12), y: textY,
                    pixels: pixels, color: Theme.dimText)
            }
            y += rowHeight
        }
        return y
    }

    /// A choice's or field's title at the left of its row, smaller (to two thirds of body size) when it would run
    /// into the value at the right: a longer language's "Smartphone experience (0 = none, 5 = daily)".
    private func drawTitle(
        _ title: String, beside value: String, left: Int32, rowWidth: Int32, textY: Int32, color: SDL_Color
    ) {
        let body = px(.body)
        let room = rowWidth - scaled(56) - text.measure(value, pixels: body, bold: true).width
        var pixels = body
        while pixels > body * 2 / 3, text.measure(title, pixels: pixels).width > room { pixels -= max(1, pixels / 12) }
        text.draw(title, x: left + scaled(20), y: textY + (body - pixels) * 3 / 5, pixels: pixels, color: color)
    }

    // MARK: Screens

    /// `readAloud`: the state the footer names beside F4 ("off", "on", "on, speaking"). `messageIsGood`: the sentence
    /// under the menu is news (a file saved), not a problem, so it is not drawn in the warning colour.
    /// `safari`: the participant's scenes, open and locked (`SafariWording.sceneList`), under the menu.
    func drawMainMenu(
        _ menu: MenuModel, message: String?, messageIsGood: Bool = false, readAloud: String, safari: String? = nil
    ) {
        window.clear()
        let top = title(
            "SoundSafari", subtitle: Translation.gettext("Find the animal by ear, turn to face it, and take its photo.")
        )
        let footer = Translation.gettext(
            "↑ ↓ choose · ← → change · type the participant ID · Enter: select · F2: large text · F3: high contrast · F4: read aloud ({state}) · F11: full screen · Gamepad: d-pad, A",
            ["state": readAloud])
        func height(_ line: String?) -> Int32 {
            line.map { text.wrappedHeight($0, width: width - scaled(120), pixels: px(.small)) + scaled(10) } ?? 0
        }
        var y = drawMenu(menu, top: top, bottom: footerTop(footer) - height(message) - height(safari))
        if let safari {
            y +=
                text.drawWrapped(
                    safari, x: width / 2, y: y + scaled(4), width: width - scaled(120), pixels: px(.small),
                    color: Theme.dimText, align: .center) + scaled(6)
        }
        if let message {
            text.drawWrapped(
                message, x: width / 2, y: y + scaled(4), width: width - scaled(120), pixels: px(.small),
                color: messageIsGood ? Theme.good : Theme.warning, align: .center)
        }
        hint(footer)
    }

    /// `known`: the participant is registered; the sheet shows their answers to check, complete and correct.
    func drawParticipantSheet(_ menu: MenuModel, participant: String, known: Bool, warning: String?) {
        window.clear()
        var top = title(
            Translation.gettext("Participant {participant}", ["participant": participant]),
            subtitle: known
                ? Translation.gettext(
                    "Registered before: please complete missing answers and correct any that changed (the earlier row is kept)."
                )
                : Translation.gettext("A few questions before we start (for the supervisor). No names are stored."))
        if let warning {
            top +=
                text.drawWrapped(
                    warning, x: width / 2, y: top - scaled(12), width: width - scaled(120), pixels: px(.small),
                    color: Theme.warning, align: .center) + scaled(4)
        }
        // The rows end above the footer (large text: it covered the buttons), scrolling when they do not fit.
        let footer = Translation.gettext(
            "↑ ↓ choose · ← → change (or type a number) · Enter on “Save and continue” · Gamepad: d-pad, A")
        drawMenu(menu, top: top, rowWidth: scaled(1000), bottom: footerTop(footer))
        hint(footer)
    }

    func drawHeadphoneCheck(_ check: HeadphoneCheck, progress: String?, exposureWarning: String? = nil) {
        window.clear()
        var y = title(Translation.gettext("Headphone check"), subtitle: progress)
        checkButtons = []
        if check.confirmingQuit {
            y +=
                text.drawWrapped(
                    Translation.gettext("Quit now? Nothing is lost: every photo logged so far stays saved."),
                    x: width / 2, y: y,
                    width: width - scaled(160), pixels: px(.heading), align: .center) + scaled(30)
            text.drawWrapped(
                Translation.gettext("Enter (gamepad A): quit · Esc (gamepad B): back to the headphone check"),
                x: width / 2, y: y,
                width: width - scaled(160), pixels: px(.body), color: Theme.focus, align: .center)
            hint(Translation.gettext("Enter: quit · Esc: continue the check"))
            return
        }
        let side = check.sideToPlay
        let question =
            side == .left
            ? Translation.gettext("Step 1 of 2: a sound is playing. Where do you hear it?")
            : Translation.gettext("Step 2 of 2: and now? Where do you hear the sound?")
        y += text.drawWrapped(
            question, x: width / 2, y: y, width: width - scaled(160), pixels: px(.heading), align: .center)
        y += scaled(24)
        // Lower in large text: the warnings and "Continue anyway" need the room above the footer (German, 3 lines).
        let large = Theme.textScale > 1
        let buttonHeight = scaled(large ? 72 : 96)
        let gap = scaled(24)
        let answers: [(UICommand, String)] = [
            (.left, Translation.gettext("◀  Left")), (.right, Translation.gettext("Right  ▶")),
            (.heardBoth, Translation.gettext("Both sides (B)")),
            (.heardNothing, Translation.gettext("Can't hear it (N)")),
        ]
        // As wide as the longest answer needs (large text, a long language), four always in the window.
        let most = max(scaled(250), (width - scaled(40) - 3 * gap) / 4)
        let buttonWidth = max(
            widthOfButton(for: answers[..<2].map(\.1), pixels: px(.heading), minimum: scaled(250), maximum: most),
            widthOfButton(for: answers[2...].map(\.1), pixels: px(.small), minimum: scaled(250), maximum: most))
        let rowLeft = (width - Int32(answers.count) * buttonWidth - Int32(answers.count - 1) * gap) / 2
        for (offset, (command, label)) in answers.enumerated() {
            let x = rowLeft + Int32(offset) * (buttonWidth + gap)
            let rect = SDL_Rect(x: x, y: y, w: buttonWidth, h: buttonHeight)
            checkButtons.append((command, rect))
            window.fill(rect, Theme.panel)
            window.outline(rect, offset < 2 ? Theme.focus : Theme.dimText, thickness: scaled(3))
            drawButtonLabel(
                label, in: rect, pixels: offset < 2 ? px(.heading) : px(.small), bold: offset < 2, wrapped: offset >= 2)
        }
        y += buttonHeight + scaled(large ? 12 : 24)
        // Volume bar: where the level is within the safe range.
        let range = HeadphoneCheck.volumeRangeDB
        let fraction = (check.volumeDB - range.lowerBound) / (range.upperBound - range.lowerBound)
        let barWidth = scaled(600)
        let barHeight = scaled(22)
        let bar = SDL_Rect(x: (width - barWidth) / 2, y: y + scaled(44), w: barWidth, h: barHeight)
        text.draw(
            Translation.gettext("Volume {level} dB   (↑ louder, ↓ quieter)", ["level": String(Int(check.volumeDB))]),
            x: width / 2, y: y,
            pixels: px(.body), align: .center)
        window.fill(bar, Theme.panel)
        window.fill(SDL_Rect(x: bar.x, y: bar.y, w: Int32(Double(barWidth) * fraction), h: barHeight), Theme.good)
        window.outline(bar, Theme.dimText)
        y = bar.y + barHeight + scaled(20)
        let footer =
            check.canContinueAnyway
            ? Translation.gettext(
                "← → : left, right · B: both · N: can't hear · ↑ ↓ volume · Enter: continue anyway · Esc: quit · F2: large text · F3: high contrast · Gamepad: d-pad, X both, Back none"
            )
            : Translation.gettext(
                "← → : left, right · B: both · N: can't hear · ↑ ↓ volume · Esc: quit · F2: large text · F3: high contrast · Gamepad: d-pad, X both, Back none"
            )
        // The warnings and the verdict as large as fits between the volume bar and the button above the footer (a
        // long language or large text would push the button over the footer).
        let anywayHeight = scaled(large ? 50 : 56)
        let messages = [check.volumeWarning, exposureWarning, check.verdictMessage].compactMap { $0 }
        let room = footerTop(footer) - y - (check.canContinueAnyway ? anywayHeight + scaled(8) : 0)
        var pixels = px(.body)
        while pixels > px(.small) * 4 / 5,
            messages.reduce(
                Int32(0),
                {
                    $0 + text.wrappedHeight($1, width: width - scaled(160), pixels: pixels) + scaled(12)
                }) > room
        {
            pixels -= max(1, pixels / 12)
        }
        for message in messages {
            y +=
                text.drawWrapped(
                    message, x: width / 2, y: y, width: width - scaled(160), pixels: pixels, color: Theme.warning,
                    align: .center) + scaled(12)
        }
        if check.canContinueAnyway {
            let label = Translation.gettext("Continue anyway (Enter)")
            let anywayWidth = widthOfButton(
                for: [label], pixels: px(.body), minimum: scaled(520), maximum: width - scaled(40))
            // Never over the footer, which wraps upwards (German large text: three lines).
            let top = min(y, footerTop(footer) - anywayHeight - scaled(8))
            let button = SDL_Rect(x: (width - anywayWidth) / 2, y: top, w: anywayWidth, h: anywayHeight)
            checkButtons.append((.activate, button))
            // Outlined, not filled: listening again is what the screen asks first, this is the way round it.
            window.fill(button, Theme.panel)
            window.outline(button, Theme.dimText, thickness: scaled(3))
            drawButtonLabel(label, in: button, pixels: px(.body))
        }
        hint(footer)
    }

    /// The running view: a camera viewfinder with a compass strip of the heading, and the level's instruction.
    /// Nothing here depends on where the target is, so the screen cannot give the answer away.
    func drawRunning(
        instruction: String, progress: String, inputHint: String, compass: CompassStrip, volume: String? = nil,
        minutesLeft: Double? = nil, help: String? = nil, animal: ViewfinderAnimal? = nil
    ) {
        window.clear(SDL_Color(r: 6, g: 10, b: 8, a: 255))
        text.draw(progress, x: width / 2, y: scaled(16), pixels: px(.body), color: Theme.text, align: .center)
        if let minutesLeft { drawMinutesBar(fraction: minutesLeft, y: scaled(58)) }
        // Viewfinder frame with corner brackets, a centre cross and the camera's rule-of-thirds marks.
        let frameWidth = min(width - scaled(120), scaled(900))
        // Large text needs room under the viewfinder for the instruction and the footer.
        let frameHeight = scaled(Theme.textScale > 1 ? 360 : 420)
        let frame = SDL_Rect(x: (width - frameWidth) / 2, y: scaled(80), w: frameWidth, h: frameHeight)
        let corner = scaled(60)
        let thick = scaled(6)
        for (cx, cy, dx, dy) in [
            (frame.x, frame.y, 1, 1), (frame.x + frame.w, frame.y, -1, 1),
            (frame.x, frame.y + frame.h, 1, -1), (frame.x + frame.w, frame.y + frame.h, -1, -1),
        ] {
            let horizontal = SDL_Rect(x: dx > 0 ? cx : cx - corner, y: dy > 0 ? cy : cy - thick, w: corner, h: thick)
            let vertical = SDL_Rect(x: dx > 0 ? cx : cx - thick, y: dy > 0 ? cy : cy - corner, w: thick, h: corner)
            window.fill(horizontal, Theme.viewfinder)
            window.fill(vertical, Theme.viewfinder)
        }
        let centreX = frame.x + frame.w / 2
        let centreY = frame.y + frame.h / 2
        let arm = scaled(40)
        let gapHalf = scaled(10)
        let line = scaled(4)
        for rect in [
            SDL_Rect(x: centreX - arm - gapHalf, y: centreY - line / 2, w: arm, h: line),
            SDL_Rect(x: centreX + gapHalf, y: centreY - line / 2, w: arm, h: line),
            SDL_Rect(x: centreX - line / 2, y: centreY - arm - gapHalf, w: line, h: arm),
            SDL_Rect(x: centreX - line / 2, y: centreY + gapHalf, w: line, h: arm),
        ] {
            window.fill(rect, Theme.focus)
        }
        window.setColor(SDL_Color(r: 245, g: 245, b: 240, a: 60))
        for third in 1...2 {
            let x = frame.x + frame.w * Int32(third) / 3
            let y = frame.y + frame.h * Int32(third) / 3
            SDL_RenderDrawLine(window.renderer, x, frame.y + scaled(20), x, frame.y + frame.h - scaled(20))
            SDL_RenderDrawLine(window.renderer, frame.x + scaled(20), y, frame.x + frame.w - scaled(20), y)
        }
        if let animal { drawAnimal(animal, in: frame) }
        drawCompass(compass, in: frame)
        text.draw(
            Translation.gettext("● REC"), x: frame.x + scaled(24), y: frame.y + scaled(22), pixels: px(.small),
            color: Theme.warning)
        text.draw(
            Translation.gettext("Listen…"), x: frame.x + frame.w - scaled(24), y: frame.y + scaled(22),
            pixels: px(.small),
            color: Theme.dimText, align: .right)
        // A volume change shows briefly, inside the frame above the centre cross (the compass is below it).
        if let volume {
            text.draw(
                volume, x: centreX, y: frame.y + scaled(56), pixels: px(.heading), color: Theme.focus, bold: true,
                align: .center)
        }
        // As large as fits between the viewfinder and the footer (two lines of title size in a normal window).
        let instructionTop = frame.y + frame.h + scaled(20)
        let footerTop =
            height - scaled(20) - text.wrappedHeight(inputHint, width: width - scaled(40), pixels: px(.small))
        var pixels = px(.title)
        while pixels > px(.body),
            text.wrappedHeight(instruction, width: width - scaled(100), pixels: pixels, bold: true)
                > footerTop - instructionTop - scaled(8)
        {
            pixels -= max(1, pixels / 12)
        }
        text.drawWrapped(
            instruction, x: width / 2, y: instructionTop, width: width - scaled(100), pixels: pixels, bold: true,
            align: .center)
        if let help {
            // Inside the viewfinder's upper third, on a panel, in the focus colour: it is news, not decoration.
            let panelWidth = frame.w - scaled(120)
            let pixels = px(.body)
            // Measured bold, as it is drawn: the regular face's lines are shorter and the last line fell out.
            let needed =
                text.wrappedHeight(help, width: panelWidth - scaled(40), pixels: pixels, bold: true) + scaled(20)
            let panel = SDL_Rect(x: (width - panelWidth) / 2, y: frame.y + scaled(100), w: panelWidth, h: needed)
            window.fill(panel, Theme.panel)
            window.outline(panel, Theme.focus, thickness: scaled(3))
            text.drawWrapped(
                help, x: width / 2, y: panel.y + scaled(10), width: panelWidth - scaled(40), pixels: pixels,
                color: Theme.focus, bold: true, align: .center)
        }
        hint(inputHint)
    }

    /// An animal the viewfinder shows (the practice only: in a scored round nothing on screen gives it away).
    struct ViewfinderAnimal {
        let relativeDeg: Double
        let texture: SDLTexture?
        let name: String
    }

    /// The animal where it is within the viewfinder's ±45°, or an arrow at the edge it lies beyond.
    private func drawAnimal(_ animal: ViewfinderAnimal, in frame: SDL_Rect) {
        let centreX = frame.x + frame.w / 2
        let centreY = frame.y + frame.h / 2
        if abs(animal.relativeDeg) <= 45, let texture = animal.texture {
            let x = centreX + Int32(animal.relativeDeg / 45 * Double(frame.w / 2 - scaled(60)))
            texture.draw(into: SDL_Rect(x: x - scaled(90), y: centreY - scaled(80), w: scaled(180), h: scaled(150)))
        } else {
            let right = animal.relativeDeg > 0
            let label = right ? "\(animal.name) ▶" : "◀ \(animal.name)"
            // Between the frame's edge and the centre cross's arm: a long recorded name ("great blue heron") in
            // large text ran over the cross. The type shrinks to the body size, then the name wraps, centred on the
            // cross's line and kept on its side.
            let room = frame.w / 2 - scaled(30) - scaled(50) - scaled(16)
            var pixels = px(.heading)
            while pixels > px(.body), text.measure(label, pixels: pixels, bold: true).width > room {
                pixels -= max(1, pixels / 12)
            }
            let height = text.wrappedHeight(label, width: room, pixels: pixels, bold: true)
            text.drawWrapped(
                label, x: right ? frame.x + frame.w - scaled(30) : frame.x + scaled(30), y: centreY - height / 2,
                width: room, pixels: pixels, color: Theme.focus, bold: true, align: right ? .right : .left)
        }
    }

    /// The session's minutes left as a bar under the header: green for the share left, outlined in full.
    func drawMinutesBar(fraction: Double, y: Int32) {
        let barWidth = scaled(480)
        let bar = SDL_Rect(x: (width - barWidth) / 2, y: y, w: barWidth, h: scaled(12))
        window.fill(bar, Theme.panel)
        let left = Int32((Double(bar.w) * min(1, max(0, fraction))).rounded())
        if left > 0 { window.fill(SDL_Rect(x: bar.x, y: bar.y, w: left, h: bar.h), Theme.good) }
        window.outline(bar, Theme.dimText)
    }

    /// The compass strip along the bottom of the viewfinder: ticks and direction names sliding past a fixed
    /// centre mark as the player turns, and the heading in degrees.
    private func drawCompass(_ compass: CompassStrip, in frame: SDL_Rect) {
        let stripHeight = scaled(62)
        let strip = SDL_Rect(
            x: frame.x + scaled(40), y: frame.y + frame.h - stripHeight - scaled(14), w: frame.w - scaled(80),
            h: stripHeight)
        window.fill(strip, SDL_Color(r: 20, g: 28, b: 24, a: 255))
        let pixels = px(.small)
        for mark in compass.marks {
            let x = strip.x + Int32((Double(strip.w) * mark.fraction).rounded())
            let tall = mark.label != nil
            window.fill(
                SDL_Rect(x: x - scaled(1), y: strip.y, w: max(2, scaled(2)), h: tall ? scaled(18) : scaled(10)),
                Theme.viewfinder)
            if let label = mark.label {
                text.draw(
                    label, x: x, y: strip.y + scaled(22), pixels: pixels * 4 / 5, color: Theme.dimText, align: .center)
            }
        }
        // The fixed centre mark: where the camera points.
        let centre = strip.x + strip.w / 2
        window.fill(SDL_Rect(x: centre - scaled(3), y: strip.y - scaled(8), w: scaled(6), h: scaled(26)), Theme.focus)
        text.draw(
            compass.readout, x: centre, y: strip.y - scaled(8) - pixels * 6 / 5, pixels: pixels, color: Theme.focus,
            bold: true, align: .center)
    }

    /// A result (intermediate or end of round): the result picture and the photo's deviation and time.
    /// `warning` (the weekly listening dose) is the last line, in the warning colour.
    /// `buttonID`: the button is the menu row of that id (a click on it presses it, as on the summary's menu).
    func drawResult(
        heading: String, picture: SDLTexture?, lines: [String], continueHint: String,
        footer: ContinueFooter?, warning: String? = nil, buttonID: String? = nil,
        sideButton: (id: String, label: String, hint: String)? = nil
    ) {
        window.clear()
        var y = title(heading)
        // The button stays above the footer (which grows upwards when it wraps: large text, a long language), and
        // the lines above the button.
        let footerText = [sideButton?.hint, footer?.text].compactMap { $0 }.joined(separator: " · ")
        let bottom = footerText.isEmpty ? height : footerTop(footerText)
        let button = continueButtonRect(continueHint, bottom: bottom)
        let areaHeight = button.y - scaled(20) - y
        if let picture, picture.width > 0, picture.height > 0 {
            // Keep the picture's aspect ratio inside the left three fifths of the window, or less when the lines
            // beside it would not fit above the button even in their smallest type (large text, a long language).
            let all = lines + [warning].compactMap { $0 }
            func layout(_ share: Double) -> (w: Int32, h: Int32, columnX: Int32, columnWidth: Int32) {
                let scale = min(
                    Double(width) * share / Double(picture.width), Double(areaHeight) / Double(picture.height))
                let w = Int32(Double(picture.width) * scale)
                let columnX = scaled(40) + w + scaled(40)
                return (w, Int32(Double(picture.height) * scale), columnX, width - columnX - scaled(30))
            }
            let fitting = [0.6, 0.5, 0.4].map(layout).first {
                linesHeight(all, width: $0.columnWidth, pixels: px(.body) * 2 / 3) <= areaHeight - scaled(10)
            }
            let (w, h, columnX, columnWidth) = fitting ?? layout(0.4)
            let target = SDL_Rect(x: scaled(40), y: y, w: w, h: h)
            picture.draw(into: target)
            window.outline(target, Theme.dimText)
            var lineY = y + scaled(10)
            let pixels = fittingPixels(all, width: columnWidth, height: areaHeight - scaled(10))
            for (index, line) in all.enumerated() {
                let color = index < lines.count ? Theme.text : Theme.warning
                lineY +=
                    text.drawWrapped(line, x: columnX, y: lineY, width: columnWidth, pixels: pixels, color: color)
                    + scaled(12)
            }
        } else {
            for line in lines {
                y +=
                    text.drawWrapped(
                        line, x: width / 2, y: y, width: width - scaled(120), pixels: px(.heading),
                        align: .center) + scaled(12)
            }
            if let warning {
                y +=
                    text.drawWrapped(
                        warning, x: width / 2, y: y, width: width - scaled(120), pixels: px(.body),
                        color: Theme.warning, align: .center) + scaled(12)
            }
        }
        continueButton(continueHint, buttonID: buttonID, bottom: bottom)
        if let sideButton {
            // Beside the focused button, never on it: Enter, Space and a click on that one still do what it says.
            let main = button
            let left = main.x + main.w + scaled(24)
            let button = SDL_Rect(x: left, y: main.y, w: min(scaled(300), width - scaled(20) - left), h: main.h)
            window.fill(button, Theme.panel)
            window.outline(button, Theme.focus, thickness: scaled(3))
            menuRows.append((sideButton.id, button))
            drawButtonLabel(sideButton.label, in: button, pixels: px(.body))
        }
        hint(footerText)
    }

    /// Where `continueButton` draws its button for `label`: wider for a long label, leaving room beside it for a
    /// side button (`drawResult`).
    /// `bottom`: where the footer starts (the button stays above it).
    private func continueButtonRect(_ label: String, bottom: Int32? = nil) -> SDL_Rect {
        let buttonWidth = widthOfButton(
            for: [label], pixels: px(.body), minimum: scaled(520), maximum: max(scaled(520), width - scaled(700)))
        let top = min(height - scaled(130), (bottom ?? height) - scaled(64) - scaled(12))
        return SDL_Rect(x: (width - buttonWidth) / 2, y: top, w: buttonWidth, h: scaled(64))
    }

    /// The one focused button at the bottom of a result, progress or album screen (clickable when it has an id),
    /// above `bottom` (the footer's top) when given.
    func continueButton(_ label: String, buttonID: String?, bottom: Int32? = nil) {
        let button = continueButtonRect(label, bottom: bottom)
        window.fill(button, Theme.focus)
        menuRows = buttonID.map { [($0, button)] } ?? []
        drawButtonLabel(label, in: button, pixels: px(.body), color: Theme.focusText)
    }

    /// The largest text size from heading size down (to two thirds of body size) at which `lines`, wrapped to
    /// `width`, fit in `height`: a long deviation sentence must not push the training lines behind the button.
    private func fittingPixels(_ lines: [String], width: Int32, height: Int32) -> Int32 {
        var pixels = px(.heading)
        let smallest = px(.body) * 2 / 3
        while pixels > smallest {
            if linesHeight(lines, width: width, pixels: pixels) <= height { break }
            pixels -= max(1, pixels / 12)
        }
        return max(pixels, smallest)
    }

    /// The height `lines` take wrapped to `width` at `pixels`, with the gap after each.
    private func linesHeight(_ lines: [String], width: Int32, pixels: Int32) -> Int32 {
        lines.reduce(Int32(0)) { $0 + text.wrappedHeight($1, width: width, pixels: pixels) + scaled(12) }
    }

    struct SummaryRow {
        let round: String, condition: String, target: String, deviation: String, time: String
    }

    /// `patientWords`: the free game's table, headed as a patient reads it (issue 38) — the animals heard, how far
    /// off each photo was and how long it took to find — instead of a study's "Condition", "Targets", "Deviation".
    func drawSummary(
        heading: String, rows: [SummaryRow], means: String, meansColor: SDL_Color, note: String?, menu: MenuModel,
        warning: String? = nil, patientWords: Bool = false
    ) {
        window.clear()
        var y = title(heading, subtitle: note)
        // The table uses the small size so a round of two targets with background fits on one line at 720p.
        let columns: [(String, Double, TextRenderer.Alignment)] =
            patientWords
            ? [
                (Translation.gettext("Round"), 0.04, .left), (Translation.gettext("What you heard"), 0.13, .left),
                (Translation.gettext("Animals"), 0.42, .left), (Translation.gettext("How far off"), 0.78, .right),
                (Translation.gettext("Time to find"), 0.96, .right),
            ]
            : [
                (Translation.gettext("Round"), 0.04, .left), (Translation.gettext("Condition"), 0.13, .left),
                (Translation.gettext("Targets"), 0.42, .left), (Translation.gettext("Deviation"), 0.78, .right),
                (Translation.gettext("Time"), 0.96, .right),
            ]
        // Each column where its fraction puts it, or right of the one before (a longer language's "Round" must not
        // run into "Condition", German large text's "Wie weit daneben" into "Zeit bis gefunden"); the type gets
        // smaller (to two thirds) until the columns fit between the margins. `lefts`: where each is drawn from (its
        // left edge, or its right edge when right-aligned).
        let cells = rows.map { [$0.round, $0.condition, $0.target, $0.deviation, $0.time] }
        var pixels = px(.small)
        var lefts: [Int32] = []
        while true {
            let widths = columns.indices.map { index in
                ([columns[index].0] + cells.map { $0[index] }).map {
                    text.measure($0, pixels: pixels, bold: $0 == columns[index].0).width
                }.max() ?? 0
            }
            lefts = []
            var right = Int32(0)
            for (index, (_, fraction, align)) in columns.enumerated() {
                let wanted = Int32(Double(width) * fraction) - (align == .right ? widths[index] : 0)
                let left = index == 0 ? wanted : max(wanted, right + scaled(16))
                right = left + widths[index]
                lefts.append(align == .right ? right : left)
            }
            if right <= width - scaled(20) || pixels <= px(.small) * 2 / 3 { break }
            pixels -= max(1, pixels / 12)
        }
        for ((label, _, align), x) in zip(columns, lefts) {
            text.draw(label, x: x, y: y, pixels: pixels, color: Theme.dimText, bold: true, align: align)
        }
        y += pixels * 3 / 2
        let rowHeight = pixels * 13 / 10
        let menuHeight = Int32(menu.items.count) * menuRowHeight
        let maxRows = Int((height - y - scaled(140) - menuHeight) / max(1, rowHeight))
        // Show the latest rows when they do not all fit (the means below cover all of them).
        let shown = rows.suffix(max(1, maxRows - (rows.count > maxRows ? 1 : 0)))
        if shown.count < rows.count {
            y += text.draw(
                Translation.ngettext(
                    "({count} earlier round is in the log)", "({count} earlier rounds are in the log)",
                    rows.count - shown.count), x: Int32(Double(width) * 0.04),
                y: y, pixels: pixels, color: Theme.dimText)
        }
        for row in shown {
            for (((_, _, align), x), value) in zip(
                zip(columns, lefts), [row.round, row.condition, row.target, row.deviation, row.time])
            {
                text.draw(value, x: x, y: y, pixels: pixels, align: align)
            }
            y += rowHeight
        }
        y += scaled(14)
        window.fill(
            SDL_Rect(x: Int32(Double(width) * 0.04), y: y, w: Int32(Double(width) * 0.92), h: scaled(3)), Theme.dimText)
        y += scaled(16)
        y +=
            text.drawWrapped(
                means, x: width / 2, y: y, width: width - scaled(120), pixels: px(.heading),
                color: meansColor, bold: true, align: .center) + scaled(16)
        if let warning {
            y +=
                text.drawWrapped(
                    warning, x: width / 2, y: y, width: width - scaled(160), pixels: px(.body), color: Theme.warning,
                    align: .center) + scaled(12)
        }
        drawMenu(menu, top: y, rowWidth: scaled(600))
        hint(Translation.gettext("↑ ↓ choose · Enter, Space, click or gamepad A: select · Esc: close"))
    }

}
