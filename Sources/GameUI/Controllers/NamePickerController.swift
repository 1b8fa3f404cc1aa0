// The launcher's first screen: the participants of this machine's logs as buttons, so a patient picks their name.
import GameCore
import Localization

/// A patient who opens "SoundSafari" from the applications menu (`play --pick-participant`) chooses their
/// pseudonym from a list instead of typing it: ↑ ↓ or the d-pad and Enter or A, or a click. "Someone else" goes to
/// the main menu's ID field to type one. The newest registrations are listed when there are more than fit.
final class NamePickerController: ScreenController {
    /// Rows that fit a 1280 × 720 window in large text with the title and the footer.
    static let maximumNames = 7
    static let someoneElse = "someone-else"
    static let namePrefix = "name:"

    private var menu: MenuModel
    private let known: [String]

    init(known: [String]) {
        self.known = known
        menu = Self.menu(known: known)
    }

    /// The names, "Someone else" and the language row (its own words in every language, so anyone finds it).
    private static func menu(known: [String]) -> MenuModel {
        MenuModel(
            known.suffix(maximumNames).map { MenuItem.button(namePrefix + $0, $0) }
                + [.button(someoneElse, Translation.gettext("Someone else: type an ID")), LanguageRow.item()])
    }

    /// The participant a button stands for (nil for "Someone else").
    static func participant(of id: String) -> String? {
        id.hasPrefix(namePrefix) ? String(id.dropFirst(namePrefix.count)) : nil
    }

    /// A name picked: the menu with it filled in, their display settings applied, the focus on "Train (my plan)".
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws {
        if command == .back {
            app.keepRunning = false
            return
        }
        let outcome = menu.handle(command)
        if outcome == .changed(LanguageRow.id) {
            try app.changeLanguage(to: LanguageRow.chosen(in: menu))
            // The rows again in the new language, the focus still on the language row.
            menu = Self.menu(known: known)
            menu.focus(on: LanguageRow.id)
            return
        }
        guard case .activated(let id) = outcome else { return }
        app.flow.participantPicked()
        let participant = Self.participant(of: id)
        app.menu.picked(participant)
        if let participant { try app.applyDisplayPreferences(of: participant) }
    }

    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try click(on: menu, x: x, y: y, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {
        focusRow(of: &menu, x: x, y: y, app: app)
    }

    func sentence(app: GameApp) -> String? {
        Translation.gettext("Who is training today? Choose your name.")
    }

    func draw(app: GameApp) {
        let painter = app.painter
        painter.window.clear()
        let top = painter.title(
            Translation.gettext("Who is training today?"), subtitle: Translation.gettext("Choose your name."))
        painter.drawMenu(menu, top: top)
        painter.hint(Translation.gettext("↑ ↓ choose · Enter or click: that's me · Esc: close · Gamepad: d-pad, A"))
    }
}
