// The "Sprache / Language" row of the main menu and the name picker: the window's language, chosen by the patient.
import Localization

/// One choice row whose options are the languages SoundSafari speaks, each shown by its own name, so a patient finds
/// their language whatever the window speaks now. Choosing one makes it the process's at once
/// (`GameApp.changeLanguage`) and remembers it in the participant's display.json.
enum LanguageRow {
    static let id = "language"

    static func item() -> MenuItem {
        let codes = Language.spoken.map(\.rawValue)
        // TRANSLATORS: the language row's title names the choice in German and English, so anyone finds it; keep both.
        let title = Translation.gettext("Sprache / Language")
        return MenuItem.choice(id, title, options: codes, selected: current.rawValue).labelled(
            Dictionary(uniqueKeysWithValues: Language.spoken.map { ($0.rawValue, $0.ownName) }))
    }

    /// The language `menu`'s row shows.
    static func chosen(in menu: MenuModel) -> Language { Language(rawValue: menu.value(id)) ?? .english }

    /// The language the window speaks now, as the row shows it (the tests' pseudo-language shows as English).
    static var current: Language { Translation.language == .pseudo ? .english : Translation.language }
}
