// The launcher's first screen: the participants of this machine's logs as buttons, so a patient picks their name.

/// A patient who opens "SoundSafari" from the applications menu (`play --pick-participant`) chooses their
/// pseudonym from a list instead of typing it: ↑ ↓ or the d-pad and Enter or A, or a click. "Someone else" goes to
/// the main menu's ID field to type one. The newest registrations are listed when there are more than fit.
enum NamePicker {
    /// Rows that fit a 1280 × 720 window in large text with the title and the footer.
    static let maximumNames = 7
    static let someoneElse = "someone-else"
    static let namePrefix = "name:"

    static func model(known: [String]) -> MenuModel {
        let names = known.suffix(maximumNames)
        return MenuModel(
            names.map { MenuItem.button(namePrefix + $0, $0) } + [.button(someoneElse, "Someone else: type an ID")])
    }

    /// The participant a button stands for (nil for "Someone else").
    static func participant(of id: String) -> String? {
        id.hasPrefix(namePrefix) ? String(id.dropFirst(namePrefix.count)) : nil
    }
}
