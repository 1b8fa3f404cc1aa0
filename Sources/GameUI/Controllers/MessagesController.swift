// "My messages" in the window: the main menu opens it; a message is appended to messages.csv the moment it is sent.
import CSDL2
import Foundation
import GameCore
import Localization
import StudyKit
import StudyRecords

/// The messages screen: the participant's `MessagesPage` (conversation, draft, rows) over their messages.csv.
final class MessagesController: ScreenController {
    private var page: MessagesPage
    private let log: MessageLog?

    /// The conversation of `participant`; an ID that is not valid or a file that cannot be read is `problem` (the
    /// menu says it and stays).
    init(participant: String, logs: URL) {
        page = MessagesPage(conversation: [])
        guard let id = try? ParticipantID(participant) else {
            log = nil
            problem = Translation.gettext(
                "Participant ID: {problem}. Type your pseudonym to open your messages.",
                ["problem": ParticipantID.problem(with: participant) ?? Translation.gettext("not a participant ID")])
            return
        }
        let log = MessageLog(logs: logs, participant: id)
        self.log = log
        do { page = MessagesPage(conversation: try log.rows()) } catch { problem = "\(error)" }
    }

    /// Why the messages cannot open, for the menu.
    private(set) var problem: String?

    /// The main menu's "My messages": the participant typed or picked on the menu, their conversation so far.
    static func open(app: GameApp) throws {
        let messages = MessagesController(participant: app.menu.participant, logs: app.options.logs)
        if let problem = messages.problem {
            return app.refuseFromMenu(problem, focusParticipant: messages.log == nil)
        }
        try app.show(messages, after: app.flow.messagesShown())
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        switch page.handle(command) {
        case .none: break
        case .close: try app.perform(app.flow.messagesClosed())
        case .send(let text):
            guard let log else { return }
            do {
                try log.send(text, at: Date())
                page.sent(try log.rows())
            } catch let error as MessageError {
                page.refused(error.description)
            }
        }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        // A click on "Your message" only gives it the focus, ready for typing (as a text field).
        if app.painter.menuRow(atX: x, y: y)?.id == "write" { return hover(x: x, y: y, app: app) }
        try click(on: page.menu, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        if let row = app.painter.menuRow(atX: x, y: y) { page.focus(on: row.id) }
    }

    var takesTyping: Bool { page.takesTyping }

    func sentence(app: GameApp) -> String? { Translation.gettext("My messages to my study team.") }

    /// The newest messages that fit, the draft in its box with the count, the rows, the footer.
    func draw(app: GameApp) {
        let painter = app.painter
        let text = painter.text
        painter.window.clear()
        let top = painter.title(page.title, subtitle: page.subtitle)
        let small = painter.px(.small)
        let margin = painter.scaled(80)
        let areaWidth = painter.width - 2 * margin
        let gap = painter.scaled(10)

        // From the bottom up: the footer, the rows, the sentence, the draft's box.
        let rowsTop = painter.footerTop(page.footer) - Int32(page.menu.items.count) * painter.menuRowHeight
        let notice = page.message.map { text.wrappedHeight($0, width: areaWidth, pixels: small) + gap } ?? 0
        // The count sits at the right of the box's last line; the draft wraps beside it.
        let countWidth = text.measure("2000 / 2000", pixels: small * 5 / 6).width + gap
        let draftWidth = areaWidth - 2 * gap - countWidth
        let shownDraft = page.draft + (page.takesTyping ? "▏" : "")
        let lineHeight = small * 13 / 10
        let draftLines = min(4, max(1, text.wrappedHeight(shownDraft, width: draftWidth, pixels: small) / lineHeight))
        let boxHeight = draftLines * lineHeight + 2 * gap
        let boxTop = rowsTop - notice - boxHeight - gap
        let box = SDL_Rect(x: margin, y: boxTop, w: areaWidth, h: boxHeight)
        painter.window.fill(box, Theme.panel)
        painter.window.outline(box, page.takesTyping ? Theme.focus : Theme.dimText, thickness: painter.scaled(2))
        let draftText =
            page.draft.isEmpty && !page.takesTyping
            ? Translation.gettext("(your message: choose “Your message” and type)") : shownDraft
        Self.drawTail(
            draftText, lines: draftLines, x: box.x + gap, y: box.y + gap, width: draftWidth, pixels: small,
            color: page.draft.isEmpty && !page.takesTyping ? Theme.dimText : Theme.text, app: app)
        text.draw(
            page.count, x: box.x + box.w - gap, y: box.y + box.h - gap - lineHeight + small / 8, pixels: small * 5 / 6,
            color: Theme.dimText, align: .right)
        if let message = page.message {
            text.drawWrapped(
                message, x: painter.width / 2, y: box.y + box.h + gap / 2, width: areaWidth, pixels: small,
                color: page.messageIsProblem ? Theme.warning : Theme.good, align: .center)
        }

        // The conversation: as many of the newest shown messages as fit between the title and the box.
        let bubbleWidth = areaWidth * 3 / 4
        let inner = bubbleWidth - 2 * gap
        var bottom = boxTop - gap
        var fitting: [(row: MessageRow, text: String, height: Int32)] = []
        for row in page.shown.reversed() {
            var shown = row.text
            var height = lineHeight + text.wrappedHeight(shown, width: inner, pixels: small) + 2 * gap
            if bottom - height < top {
                guard fitting.isEmpty else { break }
                // The newest message alone is taller than the room (up to 2,000 characters): its beginning, cut.
                shown = Self.head(row.text, fitting: bottom - top - lineHeight - 2 * gap, width: inner, app: app)
                height = lineHeight + text.wrappedHeight(shown, width: inner, pixels: small) + 2 * gap
            }
            fitting.append((row, shown, height))
            bottom -= height + gap
        }
        var y = max(top, bottom + gap)
        if page.shown.count > fitting.count {
            text.draw(
                Translation.gettext("▲ earlier messages"), x: painter.width / 2,
                y: max(top - lineHeight, y - lineHeight),
                pixels: small * 5 / 6, color: Theme.dimText, align: .center)
        }
        for (row, shown, height) in fitting.reversed() {
            let own = row.sender == .patient
            let bubble = SDL_Rect(x: own ? margin + areaWidth - bubbleWidth : margin, y: y, w: bubbleWidth, h: height)
            painter.window.fill(bubble, Theme.panel)
            if !own { painter.window.outline(bubble, Theme.good, thickness: painter.scaled(2)) }
            text.draw(
                MessagesPage.heading(row), x: bubble.x + gap, y: bubble.y + gap, pixels: small * 5 / 6,
                color: own ? Theme.dimText : Theme.good, bold: true)
            text.drawWrapped(shown, x: bubble.x + gap, y: bubble.y + gap + lineHeight, width: inner, pixels: small)
            y += height + gap
        }
        if page.conversation.isEmpty {
            text.drawWrapped(
                Translation.gettext("Nothing written yet."), x: painter.width / 2, y: top, width: areaWidth,
                pixels: small, color: Theme.dimText, align: .center)
        }

        painter.drawMenu(page.menu, top: rowsTop, rowWidth: painter.scaled(700), bottom: painter.footerTop(page.footer))
        painter.hint(page.footer)
    }

    /// The longest beginning of `text` (ending "…") whose wrapped lines fit `height`.
    private static func head(_ text: String, fitting height: Int32, width: Int32, app: GameApp) -> String {
        let renderer = app.painter.text
        let pixels = app.painter.px(.small)
        var (low, high) = (0, text.count)
        while low < high {
            let middle = (low + high + 1) / 2
            if renderer.wrappedHeight(text.prefix(middle) + "…", width: width, pixels: pixels) <= height {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return text.prefix(low) + "…"
    }

    /// The last `lines` lines of `text` wrapped to `width` (a long draft shows where the typing is).
    private static func drawTail(
        _ text: String, lines: Int32, x: Int32, y: Int32, width: Int32, pixels: Int32, color: SDL_Color, app: GameApp
    ) {
        let renderer = app.painter.text
        let lineHeight = pixels * 13 / 10
        var shown = text
        // Cut from the front until the rest fits the box: the caret and the last words stay in view.
        while renderer.wrappedHeight(shown, width: width, pixels: pixels) > lines * lineHeight, shown.count > 1 {
            let overflow = (renderer.wrappedHeight(shown, width: width, pixels: pixels) / lineHeight) - lines
            shown = "…" + shown.dropFirst(max(1, Int(overflow) * 20))
        }
        renderer.drawWrapped(shown, x: x, y: y, width: width, pixels: pixels, color: color)
    }
}
