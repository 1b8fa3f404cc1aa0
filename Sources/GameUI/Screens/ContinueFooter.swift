// The one rule for screens with a single way on: the footer names exactly the inputs the screen answers.
import Localization

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
            case .enter: Translation.gettext("Enter")
            case .space: Translation.gettext("Space")
            case .click: Translation.gettext("click")
            case .padA: Translation.gettext("gamepad A")
            case .escape: Translation.gettext("Esc")
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

    /// What the inputs do.
    enum Action: Equatable {
        case proceed, close, startTraining, startNextCondition, back, backToMenu, nextPage

        var words: String {
            switch self {
            case .proceed: Translation.gettext("continue")
            case .close: Translation.gettext("close")
            case .startTraining: Translation.gettext("start the training")
            case .startNextCondition: Translation.gettext("start the next condition")
            case .back: Translation.gettext("back")
            case .backToMenu: Translation.gettext("back to the menu")
            case .nextPage: Translation.gettext("next page")
            }
        }
    }

    let inputs: [Input]
    let action: Action

    /// "Enter, Space, click or gamepad A: continue".
    var text: String {
        let names = inputs.map(\.words)
        guard let last = names.last else { return "" }
        let list =
            names.count == 1
            ? last
            : Translation.gettext(
                "{list} or {last}", ["list": names.dropLast().joined(separator: ", "), "last": last])
        return Translation.gettext("{inputs}: {action}", ["inputs": list, "action": action.words])
    }

    /// True when `command` is one of the inputs the footer names.
    func answers(_ command: UICommand) -> Bool { inputs.contains { $0.command == command } }

    /// A photo's result: a stray Esc must not end a participant's round result.
    static let result = ContinueFooter(inputs: [.enter, .space, .click, .padA], action: .proceed)
    /// The end of a training session and the error screen: one button, Esc closes too.
    static let close = ContinueFooter(inputs: [.enter, .space, .click, .padA, .escape], action: .close)
    static let practice = ContinueFooter(inputs: [.enter, .space, .click, .padA], action: .startTraining)
    /// The supervisor's Enter: the participant's photo key or a click must not skip the break.
    static let conditionBreak = ContinueFooter(inputs: [.enter, .padA], action: .startNextCondition)

    /// The progress chart and the album: back to the menu, or to the session's end screen the album was opened from.
    static func back(toEndScreen: Bool = false) -> ContinueFooter {
        ContinueFooter(
            inputs: [.enter, .space, .click, .padA, .escape], action: toEndScreen ? .back : .backToMenu)
    }
}
