// Who may sign in and what they may do: accounts, their roles, sites and languages, their passwords. The sign-in
// routes, the dashboard's account and users pages and the command line take this protocol.
import Foundation
import Localization

public protocol AccountsRepository: Sendable {
    /// Adds an account. Returns the generated password when none was given (printed once by the caller).
    func addUser(
        name: String, role: Role, sites: [String], password: String?, by actor: (name: String, role: String),
        requestID: String?
    ) async throws -> String?
    /// The account named `name` unless it is unknown or disabled (a disabled account signs in nowhere).
    func account(named name: String) async throws -> (Account, passwordHash: String)?
    func users() async throws -> [StudyDatabase.UserSummary]
    /// The account if `password` is its password, nil otherwise (unknown name or wrong password alike).
    func verify(name: String, password: String) async throws -> Account?
    /// Changes the signed-in account's own password after checking the current one; its other sessions end.
    func changePassword(account: Account, current: String, new: String, keeping token: String, requestID: String?)
        async throws
    /// Sets the language of the account's dashboard pages (nil: its browser's).
    func setLanguage(of account: Account, to language: Language?, requestID: String?) async throws
    /// Every account as the admin's users page lists it, disabled ones included.
    func accountListing() async throws -> [StudyDatabase.AccountListing]
    /// Gives `name` a role and sites (replacing both), with the rules of `user add`.
    func setRole(
        of name: String, to role: Role, sites: [String], by actor: (name: String, role: String), requestID: String?
    ) async throws
    /// Gives `name` a new generated password (returned, to be shown once) and ends its sessions.
    func resetPassword(of name: String, by actor: (name: String, role: String), requestID: String?) async throws
        -> String
    /// Disables (or enables again) the account `name`; disabling ends its sessions.
    func setDisabled(_ disabled: Bool, user name: String, by actor: (name: String, role: String), requestID: String?)
        async throws
}

extension StudyDatabase {
    public struct UserSummary: Codable, Sendable, Equatable {
        public var name: String
        public var role: String
        public var sites: [String]
    }

    /// An account as the admin's users page lists it, disabled ones included.
    public struct AccountListing: Sendable, Equatable {
        public var name: String
        public var role: Role
        public var sites: [String]
        public var disabled: Bool
    }
}
