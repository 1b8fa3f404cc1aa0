// The user's Documents folder by the XDG user-dirs rule, which a German desktop names "Dokumente".
import Foundation

/// `XDG_DOCUMENTS_DIR` from the environment, else from `$XDG_CONFIG_HOME/user-dirs.dirs` (what xdg-user-dirs
/// writes, in the desktop's language), else `$HOME/Documents` when it exists, else `$HOME`. A relative or
/// empty value is ignored, as the specification says.
enum DocumentsFolder {
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        if let folder = absolute(environment["XDG_DOCUMENTS_DIR"], home: home) { return folder }
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8),
            let folder = absolute(userDirsValue(text, key: "XDG_DOCUMENTS_DIR"), home: home)
        {
            return folder
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: home + "/Documents", isDirectory: &isFolder), isFolder.boolValue {
            return URL(fileURLWithPath: home + "/Documents", isDirectory: true)
        }
        return URL(fileURLWithPath: home, isDirectory: true)
    }

    /// The value of `KEY="…"` in user-dirs.dirs (shell syntax: `#` comments, `$HOME` the only variable allowed).
    static func userDirsValue(_ text: String, key: String) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), trimmed.hasPrefix(key + "=") else { continue }
            var value = String(trimmed.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    /// `$HOME/…` expanded; nil for an empty or relative path.
    private static func absolute(_ value: String?, home: String) -> URL? {
        guard var value, !value.isEmpty else { return nil }
        if value == "$HOME" || value.hasPrefix("$HOME/") { value = home + value.dropFirst("$HOME".count) }
        guard value.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: value, isDirectory: true)
    }
}
