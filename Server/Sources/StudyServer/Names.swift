// The rules of the names people give sites and accounts: checked when one is made, before any SQL (the sites table
// holds the same rule as a check, a second line).
import Foundation
import Localization

/// A site's name: 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit.
public struct SiteName: Sendable, Equatable {
    public let value: String

    public init(_ name: String) throws {
        // `\z`, not `$`: `$` also matches before a final line break, so "north\n" passed here and failed the table's
        // check (a 500); a user name "sup-north\n" was even created, a look-alike account.
        guard name.range(of: "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\\z", options: .regularExpression) != nil else {
            throw StudyDatabase.Refusal(
                Sentence.gettext(
                    "The site name \"{name}\" is not allowed: use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit.",
                    ["name": name]))
        }
        value = name
    }
}

/// An account's name: 1 to 64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit.
public struct AccountName: Sendable, Equatable {
    public let value: String

    public init(_ name: String) throws {
        guard name.range(of: "^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}\\z", options: .regularExpression) != nil else {
            throw StudyDatabase.Refusal(
                Sentence.gettext(
                    "The user name \"{name}\" is not allowed: use 1 to 64 letters, digits, '.', '_', '@' or '-'.",
                    ["name": name]))
        }
        value = name
    }
}

/// The one rule of an account's sites (at `user add` and when the dashboard changes a role).
public enum AccountSites {
    public static func check(_ sites: [String], of role: Role) throws {
        if role == .supervisor && sites.isEmpty {
            throw StudyDatabase.Refusal(
                Sentence.gettext("A supervisor needs at least one site: give one (--site NAME, or tick it)."))
        }
        if role == .admin && !sites.isEmpty {
            throw StudyDatabase.Refusal(Sentence.gettext("An admin has every site: give none."))
        }
    }
}

/// The rule of an account's password: given at `user add`, changed, or typed on the dashboard.
public enum AccountPassword {
    /// The shortest password an account may have.
    public static let minimumLength = 12
}
