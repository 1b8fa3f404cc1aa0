// The user's data folder by the XDG base-directory rule: imported HRTFs, OpenAL's settings, the desktop launcher.
import Foundation

/// `$XDG_DATA_HOME` when it is an absolute path (the specification says to ignore a relative one), else
/// `$HOME/.local/share`. Tests point `XDG_DATA_HOME` at a temporary folder, so they never write into a real home.
public enum XDGDataHome {
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true)
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
    }
}
