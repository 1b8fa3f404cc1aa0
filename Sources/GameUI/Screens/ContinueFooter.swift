// The one rule for screens with a single way on: the footer names exactly the inputs the screen answers.

/// A result, end, progress, break or error screen has one way on (continue, close, back to the menu); its
/// controller answers its footer (`ScreenController.footer`) with one of these. The footer is written from
/// `inputs`, and the controller leaves the screen on exactly their `command`s, so the two cannot disagree ("Enter,
/// Space, click or gamepad A: continue" on a screen only Esc left was issue 25's first defect).
/// `WindowFooterTests` presses every named input on every such screen.
struct ContinueFooter: Equatable {
    enum Input: Equatable {
        case enter, space, click, padA, escape

        var words: String {
            switch self {
            case .enter: "Enter"
            case .space: "Space"
            case .click: "click"
            case .padA: "gamepad A"
            case .escape: "Esc"
            }
        }

        /// The command the input handler makes of it (a click on a screen without a menu is `activate`).
        var command: UICommand {
            switch self {
            case .enter, .click, .padA: .activate
            case .space: .photoKey
            case .escape: .back
            }
        }
    }

    let inputs: [Input]
    /// What the inputs do: "continue", "close", "back to the menu".
    let action: String

    /// "Enter, Space, click or gamepad A: continue".
    var text: String {
        let names = inputs.map(\.words)
        guard let last = names.last else { return "" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return "\(list): \(action)"
    }

    /// True when `command` is one of the inputs the footer names.
    func answers(_ command: UICommand) -> Bool { inputs.contains { $0.command == command } }

    /// A photo's result: a stray Esc must not end a participant's round result.
    static let result = ContinueFooter(inputs: [.enter, .space, .click, .padA], action: "continue")
    /// The end of a training session and the error screen: one button, Esc closes too.
    static let close = ContinueFooter(inputs: [.enter, .space, .click, .padA, .escape], action: "close")
    static let practice = ContinueFooter(inputs: [.enter, .space, .click, .padA], action: "start the training")
    /// The supervisor's Enter: the participant's photo key or a click must not skip the break.
    static let conditionBreak = ContinueFooter(inputs: [.enter, .padA], action: "start the next condition")

    /// The progress chart and the album: back to the menu, or to the session's end screen the album was opened from.
    static func back(toEndScreen: Bool = false) -> ContinueFooter {
        ContinueFooter(
            inputs: [.enter, .space, .click, .padA, .escape], action: toEndScreen ? "back" : "back to the menu")
    }
}
