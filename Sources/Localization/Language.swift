// The languages SoundSafari speaks, and which one a run uses: the flag, the participant's choice, the environment.
import Foundation

/// A language a person can choose (`--language`, display.json's `language`, the logs' `language` column). The
/// raw value is the code written everywhere: ISO 639-1, as gettext names its catalogs (`po/de.po`).
public enum Language: String, Sendable, CaseIterable, Codable {
    /// The language of the code's own strings: it needs no catalog.
    case english = "en"
    case german = "de"
    /// For tests only: English with every translated sentence wrapped in ⟦…⟧ and made 40 % longer
    /// (`scripts/po.sh pseudo` makes its catalog from the template), so a screen or page that shows text without
    /// the marks shows a string nobody marked for translation, and a layout that only fits English shows it.
    case pseudo = "en@pseudo"

    /// The languages a person may choose (the pseudo-language is the tests').
    public static let spoken: [Language] = [.english, .german]

    /// The language a locale name or `LANGUAGE` entry names (`de`, `de_DE.UTF-8`, `de_AT@euro`), if SoundSafari
    /// speaks it; nil for `C`, `POSIX` and languages without a catalog.
    public init?(localeName: String) {
        let code = localeName.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        self.init(rawValue: code)
    }

    /// The language by its own name, never translated, so whoever reads a list of languages finds theirs
    /// (the game's language row, the dashboard's account page).
    public var ownName: String {
        switch self {
        case .english: "English"
        case .german: "Deutsch"
        case .pseudo: "Pseudo"
        }
    }

    /// The mark between a number's whole and decimal part on what people read (logs always use `.`).
    public var decimalMark: Character {
        switch self {
        case .english, .pseudo: "."
        case .german: ","
        }
    }

    /// Where a run's language came from, for the one sentence that says so when a catalog is missing.
    public enum Source: Sendable, Equatable {
        case flag
        case participant
        /// The environment variable that named it (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG`).
        case environment(String)
        case fallback
    }

    /// The language of a run: `--language`, else the participant's remembered choice, else the environment in
    /// gettext's order — `LANGUAGE` (a colon-separated list: its first language SoundSafari speaks), then the
    /// first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (POSIX's precedence: a set variable decides even
    /// when it names a language without a catalog) —, else English.
    public static func resolve(
        flag: Language?, participant: Language?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (language: Language, source: Source) {
        if let flag { return (flag, .flag) }
        if let participant { return (participant, .participant) }
        if let list = environment["LANGUAGE"], !list.isEmpty {
            for entry in list.split(separator: ":") {
                if let language = Language(localeName: String(entry)) { return (language, .environment("LANGUAGE")) }
            }
        }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            return (Language(localeName: value) ?? .english, .environment(variable))
        }
        return (.english, .fallback)
    }
}
