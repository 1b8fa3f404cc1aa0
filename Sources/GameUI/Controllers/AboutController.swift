// "About" of the main menu: the credits of every sound, picture, HRTF set and font, with their licences.
import GameCore
import Localization

/// The credits (`Credits`), read from the installed copyright files when the screen opens; continue goes back to
/// the menu.
final class AboutController: ScreenController {
    private let sections: [Credits.Section]

    init(sections: [Credits.Section]) { self.sections = sections }

    static func open(app: GameApp) throws {
        let sections = Credits.sections(.read(soundsFolder: app.options.soundsFolder))
        try app.show(AboutController(sections: sections), after: app.flow.aboutShown())
    }

    func footer(app: GameApp) -> ContinueFooter? { .back() }

    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        try continueIfFooterAnswers(command, app: app)
    }

    func sentence(app: GameApp) -> String? {
        Translation.gettext("About SoundSafari: who made its sounds, pictures, sound sets and fonts.")
    }

    func draw(app: GameApp) {
        let painter = app.painter
        let width = painter.width
        painter.window.clear()
        let top = painter.title(Translation.gettext("About SoundSafari"))
        let margin = painter.scaled(80)
        // The credits grow with what is installed and what the catalog holds: their type shrinks, from the
        // design's size, until they end above the footer.
        let bottom = painter.footerTop(ContinueFooter.back().text) - painter.scaled(6)
        var pixels = painter.px(.small)
        while pixels > 12, top + height(painter, width: width - 2 * margin, pixels: pixels) > bottom { pixels -= 1 }
        var y = top
        for section in sections {
            y +=
                painter.text.drawWrapped(
                    section.heading, x: margin, y: y, width: width - 2 * margin, pixels: pixels,
                    color: Theme.focus, bold: true) + painter.scaled(4)
            for line in section.lines {
                y +=
                    painter.text.drawWrapped(line, x: margin, y: y, width: width - 2 * margin, pixels: pixels * 5 / 6)
                    + painter.scaled(4)
            }
            y += painter.scaled(10)
        }
        painter.hint(ContinueFooter.back().text)
    }

    /// The height the sections take with headings of `pixels` (and lines of 5/6 of it), as `draw` lays them out.
    private func height(_ painter: ScreenPainter, width: Int32, pixels: Int32) -> Int32 {
        sections.reduce(0) { total, section in
            total + painter.text.wrappedHeight(section.heading, width: width, pixels: pixels, bold: true)
                + painter.scaled(4) + painter.scaled(10)
                + section.lines.reduce(0) {
                    $0 + painter.text.wrappedHeight($1, width: width, pixels: pixels * 5 / 6) + painter.scaled(4)
                }
        }
    }
}
