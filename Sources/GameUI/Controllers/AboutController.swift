// "About" of the main menu: what is stored where and what is sent (the privacy notice), then the credits of every
// sound, picture, HRTF set and font with their licences, on as many pages as the window's text size needs.
import GameCore
import Localization
import StudyRecords

/// The privacy notice (StudyRecords' `PrivacyNotice`, the sentences the dashboard's /about shows too) and the credits
/// (`Credits`, read from the installed copyright files when the screen opens). Enter, Space, a click, gamepad A or
/// Right turn the page, Left turns back; on the last page they go back to the menu, as Esc or gamepad B does on any.
final class AboutController: ScreenController {
    /// A heading or a line; `part` starts a new page (the credits after the notice).
    struct Block: Equatable {
        let text: String
        let heading: Bool
        var part = false
    }

    private let blocks: [Block]
    private var page = 0
    /// The pages as the last frame laid them out (text size and window decide).
    private var pageCount = 1

    init(privacy: [PrivacyNotice.Section], credits: [Credits.Section]) {
        func blocks(_ sections: [(String, [String])]) -> [Block] {
            sections.flatMap { heading, lines in
                [Block(text: heading, heading: true)] + lines.map { Block(text: $0, heading: false) }
            }
        }
        var credits = blocks(credits.map { ($0.heading, $0.lines) })
        if !credits.isEmpty { credits[0].part = true }
        // What is sent is a list: each file's item marked as one.
        self.blocks = blocks(privacy.map { ($0.heading, $0.lines + $0.items.map { "• " + $0 }) }) + credits
    }

    /// The notice in the run's language and the credits as this machine has them installed.
    static func make(app: GameApp) -> AboutController {
        AboutController(
            privacy: PrivacyNotice.sections(), credits: Credits.sections(.read(soundsFolder: app.options.soundsFolder)))
    }

    static func open(app: GameApp) throws {
        try app.show(make(app: app), after: app.flow.aboutShown())
    }

    private var onLastPage: Bool { page >= pageCount - 1 }

    func footer(app: GameApp) -> ContinueFooter? { onLastPage ? .back() : nil }

    /// Before the last page: the page-turning inputs, and Esc back to the menu.
    private static let turn = ContinueFooter(inputs: [.enter, .space, .click, .padA], action: .nextPage)
    private static let leave = ContinueFooter(inputs: [.escape], action: .backToMenu)

    private var hint: String {
        onLastPage ? ContinueFooter.back().text : Self.turn.text + " · " + Self.leave.text
    }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        switch command {
        case .left, .up: page = max(0, page - 1)
        case .right, .down: if !onLastPage { page += 1 }
        case .back: try app.perform(app.flow.continuePressed())
        case _ where !onLastPage && Self.turn.answers(command): page += 1
        default: try continueIfFooterAnswers(command, app: app)
        }
    }

    func sentence(app: GameApp) -> String? {
        Translation.gettext(
            "About SoundSafari: what is stored and sent, and who made its sounds, pictures, sound sets and fonts.")
    }

    /// The blocks of each page: greedily as many as fit between the title and the footer, a new part on a new page,
    /// a heading never last on its page.
    static func pages(_ blocks: [Block], height: (Block) -> Int32, room: Int32) -> [[Block]] {
        var pages: [[Block]] = [[]]
        var used: Int32 = 0
        for (index, block) in blocks.enumerated() {
            var needed = height(block)
            if block.heading, index + 1 < blocks.count, !blocks[index + 1].heading {
                needed += height(blocks[index + 1])
            }
            if !pages[pages.count - 1].isEmpty && (block.part || used + needed > room) {
                pages.append([])
                used = 0
            }
            pages[pages.count - 1].append(block)
            used += height(block)
        }
        return pages
    }

    func draw(app: GameApp) {
        let painter = app.painter
        let width = painter.width
        let margin = painter.scaled(80)
        let textWidth = width - 2 * margin
        let headingPixels = painter.px(.small)
        let linePixels = painter.px(.small) * 5 / 6
        func height(_ block: Block) -> Int32 {
            block.heading
                ? painter.text.wrappedHeight(block.text, width: textWidth, pixels: headingPixels, bold: true)
                    + painter.scaled(14)
                : painter.text.wrappedHeight(block.text, width: textWidth, pixels: linePixels) + painter.scaled(4)
        }
        painter.window.clear()
        // The title's height with its subtitle, measured as drawn: the pages are laid out below it.
        let subtitle = { (count: Int) in
            Translation.gettext("Page {page} of {pages}", ["page": String(self.page + 1), "pages": String(count)])
        }
        let top =
            painter.scaled(36) + painter.text.measure("A", pixels: painter.px(.title), bold: true).height
            + painter.scaled(8)
            + painter.text.wrappedHeight(
                subtitle(1), width: width - painter.scaled(80), pixels: painter.px(.small)) + painter.scaled(24)
        let room = painter.footerTop(hint) - painter.scaled(8) - top
        let pages = Self.pages(blocks, height: height, room: room)
        pageCount = pages.count
        page = min(page, pageCount - 1)
        var y = painter.title(Translation.gettext("About SoundSafari"), subtitle: subtitle(pageCount))
        for block in pages[page] {
            if block.heading {
                y += painter.scaled(10)
                y +=
                    painter.text.drawWrapped(
                        block.text, x: margin, y: y, width: textWidth, pixels: headingPixels, color: Theme.focus,
                        bold: true) + painter.scaled(4)
            } else {
                y +=
                    painter.text.drawWrapped(block.text, x: margin, y: y, width: textWidth, pixels: linePixels)
                    + painter.scaled(4)
            }
        }
        painter.hint(hint)
    }
}
