// A pseudonymous participant ID, validated so it is safe as a folder name and holds no personal data format.
import Foundation
import Localization

/// A participant's pseudonym, e.g. `P07`. It names a folder under the logs root, so it is restricted
/// to letters, digits, `-`, `_` and `.`, must start with a letter or digit, and is at most 64
/// characters: no path separators, no `..`, no spaces, no `@` (so an e-mail address is refused).
public struct ParticipantID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let value: String

    public static let maximumLength = 64

    /// The scalars an ID may hold.
    private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.".unicodeScalars)

    public init(_ value: String) throws {
        if let problem = ParticipantID.problem(with: value) {
            throw ParticipantIDError(value: value, problem: problem)
        }
        self.value = value
    }

    /// Why `value` is not a valid ID, or nil when it is.
    public static func problem(with value: String) -> String? {
        if value.isEmpty { return Translation.gettext("it is empty") }
        if value.count > maximumLength {
            return Translation.gettext(
                "it is longer than {maximum} characters", ["maximum": String(maximumLength)])
        }
        if value.contains("/") || value.contains("\\") { return Translation.gettext("it contains a path separator") }
        if value.contains("@") { return Translation.gettext("it looks like an e-mail address") }
        // Judged scalar by scalar, never by Character: Swift compares Characters by canonical equivalence, so the
        // KELVIN SIGN passed as "K", and a zero-width joiner or combining mark hid inside a letter's Character. An ID
        // is ASCII bytes only, so each person has one spelling and a deleted ID has no look-alike.
        if let bad = value.unicodeScalars.first(where: { !allowed.contains($0) }) {
            return bad.isASCII && bad.properties.isGraphemeBase
                ? Translation.gettext("it contains '{character}'", ["character": String(bad)])
                : Translation.gettext(
                    "it contains U+{code}", ["code": String(bad.value, radix: 16, uppercase: true)])
        }
        if let first = value.unicodeScalars.first, "-_.".unicodeScalars.contains(first) {
            return Translation.gettext("it must start with a letter or digit")
        }
        return nil
    }

    /// What a valid ID looks like, said once after the problem (`ParticipantIDError`, the commands, the menu).
    public static var rule: String {
        Translation.gettext(
            "use a pseudonym such as P07: letters, digits, '-', '_' and '.', starting with a letter or digit")
    }

    /// The number at the end of the ID (`P07` → 7), used to pick a Latin-square row; nil when none.
    public var trailingNumber: Int? {
        let digits = String(value.reversed().prefix(while: { $0.isASCII && $0.isNumber }).reversed())
        guard !digits.isEmpty else { return nil }
        return Int(digits.suffix(9))
    }

    public var description: String { value }

    public init(from decoder: Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
