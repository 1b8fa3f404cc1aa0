// The one rule for screens with a single way on: the footer names exactly the inputs the screen answers.

/// A result, end, progress, break or error screen has one way on (continue, close, back to the menu). Its
/// footer is written from `inputs`, and the input handling leaves the screen on exactly `commands`, so the two
/// cannot disagree ("Enter, Space, click or gamepad A: continue" on a screen only Esc left was issue 25's first
/// defect). `WindowFooterTests` presses every named input on every such screen.
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

    /// The footer of `screen`, when it has one way on. `summaryHasOneButton`: the summary closes with these inputs
    /// (training); `albumFromSummary`: the album goes back to the session's end screen, not to the menu.
    static func of(_ screen: Screen, summaryHasOneButton: Bool = false, albumFromSummary: Bool = false)
        -> ContinueFooter?
    {
        switch screen {
        case .intermediateResult, .roundResult:
            // A stray Esc must not end a participant's round result.
            return ContinueFooter(inputs: [.enter, .space, .click, .padA], action: "continue")
        case .summary where summaryHasOneButton:
            return ContinueFooter(inputs: [.enter, .space, .click, .padA, .escape], action: "close")
        case .album where albumFromSummary:
            return ContinueFooter(inputs: [.enter, .space, .click, .padA, .escape], action: "back")
        case .progress, .album:
            return ContinueFooter(inputs: [.enter, .space, .click, .padA, .escape], action: "back to the menu")
        case .practice:
            return ContinueFooter(inputs: [.enter, .space, .click, .padA], action: "start the training")
        case .conditionBreak:
            // The supervisor's Enter: the participant's photo key or a click must not skip the break.
            return ContinueFooter(inputs: [.enter, .padA], action: "start the next condition")
        case .error:
            return ContinueFooter(inputs: [.enter, .space, .click, .padA, .escape], action: "close")
        default:
            return nil
        }
    }
}
