// A path or ID as one word a user can paste into a shell: the advice after a stopped session is pasted as is.

package enum ShellWord {
    /// `text` as one shell word (single-quoted when it holds anything but safe characters).
    package static func quote(_ text: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+:=@%,")
        if !text.isEmpty, text.allSatisfy({ safe.contains($0) }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
