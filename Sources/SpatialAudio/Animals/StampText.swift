// A Tux Paint stamp's `.txt`: the animal's name as the stamp's translators wrote it, read where Debian installs it.
import Foundation

/// The names in a stamp's `.txt` beside its recording (`frog.ogg` → `frog.txt`): the first line is English
/// ("A frog."), each `xx.utf8=` line another language (`de.utf8=Ein Frosch.`). Read at run time, never copied
/// (the stamps are GPL-2; Debian's package is how users get them).
public struct StampText: Sendable, Equatable {
    /// The sentence of each language as written, final full stop dropped ("en" → "A frog", "de" → "Ein Frosch").
    public let sentences: [String: String]

    /// The `.txt` beside `recording`, or nil when there is none or it cannot be read.
    public init?(recording: URL) {
        let file = recording.deletingPathExtension().appendingPathExtension("txt")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        self.init(text: text)
    }

    public init(text: String) {
        var sentences: [String: String] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let language: String
            let sentence: Substring
            if let equals = line.firstIndex(of: "="), line[..<equals].hasSuffix(".utf8") {
                language = String(line[..<equals].dropLast(".utf8".count))
                sentence = line[line.index(after: equals)...]
            } else if index == 0, !line.contains("=") {
                language = "en"  // the untagged first line; an `en.utf8=` line further down wins
                sentence = Substring(line)
            } else {
                continue
            }
            var name = sentence.trimmingCharacters(in: .whitespaces)
            if name.hasSuffix(".") { name.removeLast() }
            if !language.isEmpty, !name.isEmpty { sentences[language] = name }
        }
        self.sentences = sentences
    }

    /// The leading articles dropped per language: the sentences say "a frog", a label or a sentence built around
    /// the name needs "frog". German keeps a noun's capital; an adjective left in front ("Ein bunter Hahn") is
    /// capitalised, which is also right for the name standing alone ("Bunter Hahn").
    static let articles: [String: [String]] = [
        "en": ["A ", "An ", "The "],
        "de": ["Ein ", "Eine ", "Der ", "Die ", "Das "],
    ]

    /// The animal's name in `language` (`de`, `en`) without its article, or nil when the stamp has no sentence in
    /// that language. English names are lower case, as they stand inside sentences ("the great blue heron").
    public func name(language: String) -> String? {
        guard var name = sentences[language] else { return nil }
        for article in Self.articles[language] ?? [] where name.hasPrefix(article) {
            name.removeFirst(article.count)
            break
        }
        name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        if language == "en" { return name.lowercased() }
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
