// One language's compiled catalog (.mo) read into memory, for a process that speaks several languages at once.
import Foundation

/// The translations of one `soundsafari.mo`, looked up without glibc. glibc's gettext has one language per process
/// (`Translation`), which suits a command run by one person; the study server answers each request in the language
/// its reader asked for, so it reads the same compiled catalogs (`scripts/po.sh compile`) into one of these per
/// language. The file format is GNU gettext's (`msgfmt`): a header of offsets to the original and translated strings.
/// Marked strings are the same literals `Translation` marks, so one extraction and one `po/LANG.po` serve both.
public struct MessageCatalog: Sendable {
    /// The language of a catalog read from a file; nil for `process`, whose language is `Translation`'s.
    private let fixed: Language?
    /// msgid → its forms (one, or singular and plural), as msgfmt stores them (forms separated by NUL).
    private let messages: [String: [String]]

    public var language: Language { fixed ?? Translation.language }

    /// Where the reader's clock is: times and days are shown in this zone (a study site's, set on the dashboard);
    /// UTC unless a page chose its site's.
    public private(set) var timeZone: TimeZone = .gmt

    /// The same words for a reader whose times are in `zone`.
    public func reading(in zone: TimeZone) -> MessageCatalog {
        var catalog = self
        catalog.timeZone = zone
        return catalog
    }

    /// English: the code's own strings, no file.
    public static let english = MessageCatalog(language: .english, messages: [:])

    /// The process's language (`Translation`, glibc's gettext): for code that draws the same text for a command
    /// (in the player's language) and for the server (in each page reader's), such as the analyzer's figures.
    public static let process = MessageCatalog(language: nil, messages: [:])

    init(language: Language?, messages: [String: [String]]) {
        self.fixed = language
        self.messages = messages
    }

    /// Reads `language`'s catalog from `folder` (`CatalogFolder.find` by default); English needs none.
    public static func load(_ language: Language, catalogs: URL? = nil) throws -> MessageCatalog {
        guard language != .english else { return .english }
        guard let folder = catalogs ?? CatalogFolder.find(for: language),
            CatalogFolder.holdsCatalog(folder, for: language)
        else {
            throw TranslationError.noCatalog(
                language: language, searched: catalogs.map { [$0.path] } ?? CatalogFolder.searched())
        }
        let file = CatalogFolder.catalog(in: folder, for: language)
        return MessageCatalog(language: language, messages: try decode(Data(contentsOf: file), path: file.path))
    }

    /// GNU .mo: magic 0x950412de (in the file's byte order), revision, count, then the tables of (length, offset) of
    /// the originals and of the translations.
    static func decode(_ data: Data, path: String) throws -> [String: [String]] {
        let bytes = [UInt8](data)
        func word(_ at: Int, _ little: Bool) throws -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw MessageCatalogError(path: path) }
            let b = bytes[at..<at + 4].map(UInt32.init)
            return Int(little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24)
        }
        let magic = try word(0, true)
        guard magic == 0x9504_12de || magic == 0xde12_0495 else { throw MessageCatalogError(path: path) }
        let little = magic == 0x9504_12de
        let count = try word(8, little)
        let originals = try word(12, little)
        let translations = try word(16, little)
        func strings(_ table: Int, _ index: Int) throws -> [String] {
            let length = try word(table + 8 * index, little)
            let offset = try word(table + 8 * index + 4, little)
            guard offset >= 0, length >= 0, offset + length <= bytes.count,
                let text = String(bytes: bytes[offset..<offset + length], encoding: .utf8)
            else { throw MessageCatalogError(path: path) }
            return text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        }
        var messages: [String: [String]] = [:]
        for index in 0..<count {
            let original = try strings(originals, index)
            // The header (empty msgid) is no message; a plural entry is keyed by its singular.
            guard let msgid = original.first, !msgid.isEmpty else { continue }
            messages[msgid] = try strings(translations, index)
        }
        return messages
    }

    /// The translation of `msgid`, its `{name}` placeholders filled (the original when the catalog lacks it).
    public func gettext(_ msgid: StaticString, _ values: KeyValuePairs<String, String> = [:]) -> String {
        guard fixed != nil else { return Translation.gettext(msgid, values) }
        let text = String(describing: msgid)
        return Translation.fill(messages[text]?.first ?? text, values)
    }

    /// A counted sentence: German and English (the languages spoken) use the first form for 1 and the second for
    /// every other number, as their catalogs' Plural-Forms say; `{count}` is `count`.
    public func ngettext(
        _ singular: StaticString, _ plural: StaticString, _ count: Int, _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        guard fixed != nil else { return Translation.ngettext(singular, plural, count, values) }
        let forms =
            messages[String(describing: singular)] ?? [String(describing: singular), String(describing: plural)]
        let text = count == 1 ? forms[0] : forms[min(1, forms.count - 1)]
        return Translation.fill(Translation.fill(text, ["count": String(count)]), values)
    }

    /// A message that is not a literal in Swift code (a dashboard template's marked text, found by the extraction
    /// like the code's): its translation, or itself.
    public func translate(_ text: String) -> String {
        guard fixed != nil else { return Translation.translate(text) }
        return messages[text]?.first ?? text
    }
}

/// A .mo file that is not one msgfmt writes.
public struct MessageCatalogError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public var description: String {
        "\(path) is not a compiled gettext catalog (msgfmt's .mo format): compile the catalogs again with `scripts/po.sh compile DIR`."
    }
}
