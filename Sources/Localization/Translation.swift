// GNU gettext (glibc's libintl) for every sentence a person reads: the one way a string is translated.
import CIntl
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Marks and translates a sentence. A marked string is a literal in a call `Translation.gettext("…")` or
/// `Translation.ngettext("…", "…", count)`, so `scripts/po.sh extract` (xgettext) finds it for `po/soundsafari.pot`;
/// a `// TRANSLATORS: …` comment on the line before reaches the translator. Values go in as `{name}` placeholders
/// filled after the lookup (never Swift interpolation, which the extraction cannot see), so a translation may
/// put them in its own order; `{count}` is `ngettext`'s number.
///
/// The language is the process's: `activate` sets it once, at the start of a command, before any thread (glibc
/// reads it from the environment on every lookup). Until then, and in English, the code's own strings come back.
public enum Translation {
    /// The gettext domain: the catalogs are `<folder>/<language>/LC_MESSAGES/soundsafari.mo`.
    public static let domain = "soundsafari"

    private static let active = Mutex(Language.english)

    /// The language `activate` chose (English before that).
    public static var language: Language { active.withLock { $0 } }

    /// Makes `language` the process's: its catalog bound from `catalogs` (a folder holding `de/LC_MESSAGES/…`;
    /// `CatalogFolder.find` by default). Throws, with one sentence, when a language other than English has no
    /// catalog there. English needs no lookup, so it leaves the environment (and what child processes inherit) as
    /// it was.
    public static func activate(_ language: Language, catalogs: URL? = nil) throws {
        guard language != .english else {
            active.withLock { $0 = .english }
            return
        }
        guard let folder = catalogs ?? CatalogFolder.find(for: language) else {
            throw TranslationError.noCatalog(language: language, searched: CatalogFolder.searched())
        }
        guard CatalogFolder.holdsCatalog(folder, for: language) else {
            throw TranslationError.noCatalog(language: language, searched: [folder.path])
        }
        _ = bindtextdomain(domain, folder.path)
        _ = bind_textdomain_codeset(domain, "UTF-8")
        // glibc ignores LANGUAGE in the "C" locale; C.UTF-8 is built into glibc, so it needs no installed locale and
        // leaves numbers, dates and character classes as they are (only messages are chosen by LANGUAGE).
        _ = setlocale(LC_MESSAGES, "C.UTF-8")
        setenv("LANGUAGE", language.rawValue, 1)
        // Setting the domain again drops glibc's cache of earlier lookups, which the language change made stale.
        _ = textdomain(domain)
        active.withLock { $0 = language }
    }

    /// The translation of `msgid` in the active language, its `{name}` placeholders filled from `values`.
    public static func gettext(_ msgid: StaticString, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let text = String(describing: msgid)
        guard language != .english else { return fill(text, values) }
        return fill(text.withCString { String(cString: dgettext(domain, $0)) }, values)
    }

    /// The singular or plural form of a counted sentence in the active language (German and English: one form
    /// for 1, another for every other number), `{count}` filled with `count` in the language's form.
    public static func ngettext(
        _ singular: StaticString, _ plural: StaticString, _ count: Int, _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        let one = String(describing: singular)
        let other = String(describing: plural)
        let text =
            language == .english
            ? (count == 1 ? one : other)
            : one.withCString { oneC in
                other.withCString { otherC in
                    String(cString: dngettext(domain, oneC, otherC, UInt(clamping: count)))
                }
            }
        return fill(fill(text, ["count": String(count)]), values)
    }

    /// A message that is no literal in the code (`MessageCatalog.translate`): its translation in the active language.
    static func translate(_ text: String) -> String {
        guard language != .english else { return text }
        return text.withCString { String(cString: dgettext(domain, $0)) }
    }

    /// The same with the values in a dictionary (a set of values made once for several sentences).
    public static func gettext(_ msgid: StaticString, _ values: [String: String]) -> String {
        fill(gettext(msgid), values.map { ($0.key, $0.value) })
    }

    public static func ngettext(
        _ singular: StaticString, _ plural: StaticString, _ count: Int, _ values: [String: String]
    ) -> String {
        fill(ngettext(singular, plural, count), values.map { ($0.key, $0.value) })
    }

    /// `{name}` replaced by its value; a placeholder without a value stays as it is, so a mistake shows.
    static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        fill(text, values.map { ($0.key, $0.value) })
    }

    /// One pass over the text's UTF-8, each `{name}` that has a value replaced by it. A value is put in as it is: one
    /// that itself holds `{…}` (a site's name, a file's) is never read as a placeholder, where a replacement per value
    /// filled a later value's placeholder inside an earlier value. That replacement read and copied the whole text
    /// once a value: up to a sixth of the server's time for a participant's dashboard page.
    static func fill(_ text: String, _ values: [(String, String)]) -> String {
        guard !values.isEmpty else { return text }
        var text = text
        let filled = text.withUTF8 { bytes -> String? in
            let open = UInt8(ascii: "{")
            let close = UInt8(ascii: "}")
            guard var start = bytes.firstIndex(of: open) else { return nil }
            var result: [UInt8] = []
            var copied = 0
            while let end = bytes[(start + 1)...].firstIndex(where: { $0 == close || $0 == open }) {
                guard bytes[end] == close else {
                    start = end
                    continue
                }
                let name = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
                if let (_, value) = values.first(where: { $0.0.utf8.elementsEqual(name) }) {
                    if result.isEmpty { result.reserveCapacity(bytes.count + 32) }
                    result.append(contentsOf: bytes[copied..<start])
                    result.append(contentsOf: value.utf8)
                    copied = end + 1
                }
                guard let next = bytes[(end + 1)...].firstIndex(of: open) else { break }
                start = next
            }
            guard copied > 0 else { return nil }
            result.append(contentsOf: bytes[copied...])
            return String(decoding: result, as: UTF8.self)
        }
        return filled ?? text
    }
}

/// A language was asked for that has no compiled catalog where the program looks.
public enum TranslationError: Error, CustomStringConvertible, Equatable {
    case noCatalog(language: Language, searched: [String])

    public var description: String {
        switch self {
        case .noCatalog(let language, let searched):
            "No '\(language.rawValue)' catalog (\(language.rawValue)/LC_MESSAGES/\(Translation.domain).mo) in "
                + "\(searched.joined(separator: ", ")): compile the catalogs with `make build` (or `scripts/po.sh "
                + "compile DIR` and SOUNDSAFARI_LOCALEDIR=DIR), or choose --language en."
        }
    }
}
