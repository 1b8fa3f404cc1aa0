// A sentence made before its reader's language is known: kept as its message and values, worded when it is shown.
import Foundation

/// A marked sentence not yet translated. Code that cannot know who reads its sentence — the study server's
/// refusals, shown as an HTML page in the reader's language and as English problem+json to a program — keeps the
/// message and its `{name}` values; `worded(in:)` translates it with the catalog of the reader.
/// `Sentence.gettext("…", […])` is the marking (xgettext's `gettext` keyword, as for `Translation.gettext`).
public struct Sentence: Sendable, Equatable, CustomStringConvertible {
    /// The English message, `{name}` placeholders unfilled: the catalogs' msgid.
    public let message: String
    public let values: [String: String]

    private init(message: String, values: [String: String]) {
        self.message = message
        self.values = values
    }

    /// Marks `message` (a one-line literal with `{name}` placeholders) for the catalogs, to be worded later.
    public static func gettext(_ message: StaticString, _ values: KeyValuePairs<String, String> = [:]) -> Sentence {
        Sentence(
            message: String(describing: message),
            values: Dictionary(values.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }

    /// A text that is in no catalog (worded elsewhere, or for administrators only): shown as it is in every language.
    public static func verbatim(_ text: String) -> Sentence { Sentence(message: text, values: [:]) }

    /// The sentence in `catalog`'s language, its values filled.
    public func worded(in catalog: MessageCatalog) -> String {
        Translation.fill(catalog.translate(message), values.map { ($0.key, $0.value) })
    }

    /// The sentence in English (the code's own words): what a log or an API client reads.
    public var english: String { worded(in: .english) }

    public var description: String { english }
}
