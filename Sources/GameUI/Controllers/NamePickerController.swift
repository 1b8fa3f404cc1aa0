// The launcher's first screen: the participants of this machine's logs as buttons, so a patient picks their name.
import GameCore

/// A patient who opens "SoundSafari" from the applications menu (`play --pick-participant`) chooses their
/// pseudonym from a list instead of typing it: ↑ ↓ or the d-pad and Enter or A, or a click. "Someone else" goes to
/// the main menu's ID field to type one. The newest registrations are listed when there are more than fit.
final class NamePickerController: ScreenController {
    /// Rows that fit a 1280 × 720 window in large text with the title and the footer.
    static let maximumNames = 7
    static let someoneElse = "someone-else"
    static let namePrefix = "name:"

    private var menu: MenuModel

    init(known: [String]) {
        let names = known.suffix(Self.maximumNames)
        menu = MenuModel(
            names.map { MenuItem.button(Self.namePrefix + $0, $0) }
                + [.button(Self.someoneElse, "Someone else: type an ID")])
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
        guard case .activated(let id) = menu.handle(command) else { return }
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

    func sentence(app: GameApp) -> String? { "Who is training today? Choose your name." }

    func draw(app: GameApp) {
        let painter = app.painter
        painter.window.clear()
        let top = painter.title("Who is training today?", subtitle: "Choose your name.")
        painter.drawMenu(menu, top: top)
        painter.hint("↑ ↓ choose · Enter or click: that's me · Esc: close · Gamepad: d-pad, A")
    }
}
