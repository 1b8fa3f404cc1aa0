// What one screen of the window is: its state and its answers to a command, a click, a frame and read aloud.
import GameCore

/// One screen, or one family of screens, of the window. It owns the screen's state (the diary's page, the album's
/// pictures, when the break began) and answers four questions: what a command does (`handle`, moving the flow with
/// `GameApp.perform(ScreenFlow's effects)`), what it draws, the one sentence read aloud, and whether typing goes to
/// it. `ScreenControllers.make` picks the controller of `flow.screen`; `GameApp` keeps the current one and makes a
/// new one each time the flow changes screen (Game Programming Patterns' State pattern), calling `enter` on the new
/// one and `leave` on the one it replaces.
///
/// Adding a screen: a case in `Screen`, the flow's move to it in `ScreenFlow`, one file here with its controller,
/// and one line in `ScreenControllers.make` (CONTRIBUTING.md, "Adding a screen").
protocol ScreenController: AnyObject {
    /// A command (key, gamepad button, or a click made `.activate`) while this screen shows.
    func handle(_ command: UICommand, at time: MonotonicTime, app: GameApp) throws
    /// A click at (x, y) in drawable pixels. By default the click is `.activate`.
    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws
    /// The pointer moved to (x, y): a menu row under it takes the focus. By default nothing happens.
    func hover(x: Int32, y: Int32, app: GameApp)
    /// Draws the whole screen (the frame is cleared by the painter's first call).
    func draw(app: GameApp)
    /// The one sentence of what to do that read aloud speaks (nil: nothing to speak).
    func sentence(app: GameApp) -> String?
    /// True while a text field of the screen has the focus: letters are typed then, not keys.
    var takesTyping: Bool { get }
    /// Each frame before it is drawn: what follows the clock (the hearing test's tones). By default nothing.
    func tick(now: MonotonicTime, app: GameApp) throws
    /// An animal call or a tone sounds now, or starts with this screen: read aloud must wait. By default false.
    func stimulusSounds(app: GameApp) -> Bool
    /// The footer of a screen with one way on (`ContinueFooter`): the inputs it names are those it answers. By
    /// default none.
    func footer(app: GameApp) -> ContinueFooter?
    /// The screen now shows: load what it needs (the headphone check's volume, the questionnaire's remaining
    /// questions); it may move the flow on at once. By default nothing.
    func enter(app: GameApp) throws
    /// Another screen replaces this one: silence what it sounded. By default nothing.
    func leave(app: GameApp) throws
}

extension ScreenController {
    func click(x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        try handle(.activate, at: time, app: app)
    }

    func hover(x: Int32, y: Int32, app: GameApp) {}

    var takesTyping: Bool { false }

    func tick(now: MonotonicTime, app: GameApp) throws {}

    func stimulusSounds(app: GameApp) -> Bool { false }

    func footer(app: GameApp) -> ContinueFooter? { nil }

    func enter(app: GameApp) throws {}

    func leave(app: GameApp) throws {}

    /// A screen with one way on: the inputs its footer names take it (`ScreenFlow.continuePressed`).
    func continueIfFooterAnswers(_ command: UICommand, app: GameApp) throws {
        if footer(app: app)?.answers(command) == true { try app.perform(app.flow.continuePressed()) }
    }

    /// The menu row under the pointer takes the focus.
    func focusRow(of menu: inout MenuModel, x: Int32, y: Int32, app: GameApp) {
        if let row = app.painter.menuRow(atX: x, y: y) { menu.focus(on: row.id) }
    }

    /// The one rule of a click on a screen of menu rows: the row under the pointer takes the focus, then a button
    /// is pressed, a choice steps left or right (by the half clicked), a text field only takes the focus.
    func click(on menu: MenuModel, x: Int32, y: Int32, at time: MonotonicTime, app: GameApp) throws {
        guard let row = app.painter.menuRow(atX: x, y: y), let item = menu.item(row.id), item.enabled else { return }
        hover(x: x, y: y, app: app)
        switch item.kind {
        case .button: try handle(.activate, at: time, app: app)
        case .choice: try handle(row.leftHalf ? .left : .right, at: time, app: app)
        case .text: break  // clicking a text field only gives it the focus, ready for typing
        }
    }
}
