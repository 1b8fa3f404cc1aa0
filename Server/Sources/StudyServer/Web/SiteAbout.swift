// The one rule of a site's text on the public /about page (the form's check; migration 72 holds the length too).
import Foundation
import Localization

enum SiteAbout {
    /// At most this many characters (Unicode scalars, as PostgreSQL's `char_length` counts them).
    static let maximumCharacters = 4000

    /// The text as stored: the browser's CR LF line breaks as LF, blanks around it dropped ("" clears it).
    static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Nil when `text` (normalised) may be stored, else what to change, in one sentence.
    static func problem(_ text: String, _ catalog: MessageCatalog = .english) -> String? {
        let count = text.unicodeScalars.count
        if count > maximumCharacters {
            return catalog.gettext(
                "The text has {count} characters, more than {maximum}: shorten it.",
                ["count": String(count), "maximum": String(maximumCharacters)])
        }
        if let control = text.unicodeScalars.first(where: {
            $0 != "\n" && $0 != "\t" && CharacterSet.controlCharacters.contains($0)
        }) {
            return catalog.gettext(
                "The text holds the control character {code}: remove it.",
                ["code": "U+" + String(format: "%04X", control.value)])
        }
        return nil
    }
}
