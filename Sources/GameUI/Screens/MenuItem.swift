// One row of a menu: a text field, a choice cycled with left/right, or a button.
import Localization

/// A menu row. Choices cycle with left/right so every row works from a gamepad's d-pad;
/// text fields also accept typing and cycle through `suggestions` with left/right.
struct MenuItem: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case text(value: String, suggestions: [String], maxLength: Int)
        case choice(options: [String], index: Int)
        case button
    }

    let id: String
    var title: String
    var kind: Kind
    /// A disabled row is shown greyed and skipped by up/down (e.g. "Input: gamepad" with no gamepad).
    var enabled = true
    /// What an empty text field says while it has no focus.
    var placeholder = Translation.gettext("(type an ID)")
    /// What a choice shows for an option, when it differs from the option (a translated "on" for the value "on").
    var labels: [String: String] = [:]

    static func text(_ id: String, _ title: String, value: String, suggestions: [String] = [], maxLength: Int = 32)
        -> MenuItem
    {
        MenuItem(id: id, title: title, kind: .text(value: value, suggestions: suggestions, maxLength: maxLength))
    }

    static func choice(_ id: String, _ title: String, options: [String], selected: String? = nil) -> MenuItem {
        let index = selected.flatMap { options.firstIndex(of: $0) } ?? 0
        return MenuItem(id: id, title: title, kind: .choice(options: options, index: index))
    }

    static func button(_ id: String, _ title: String) -> MenuItem {
        MenuItem(id: id, title: title, kind: .button)
    }

    /// The row's current value: the text, the selected option, or "" for a button.
    var value: String {
        switch kind {
        case .text(let value, _, _): value
        case .choice(let options, let index): options.indices.contains(index) ? options[index] : ""
        case .button: ""
        }
    }

    /// The current value as the row shows it.
    var shownValue: String { labels[value] ?? value }

    /// The row with `labels` naming its options on screen.
    func labelled(_ labels: [String: String]) -> MenuItem {
        var item = self
        item.labels = labels
        return item
    }
}
