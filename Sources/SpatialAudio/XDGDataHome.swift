// The user's data and cache folders by the XDG base-directory rule: imported HRTFs, OpenAL's settings, the desktop
// launcher; the spoken sentences' cache.
import Foundation

/// `$XDG_DATA_HOME` when it is an absolute path (the specification says to ignore a relative one), else
/// `$HOME/.local/share`; `cacheFolder` is `$XDG_CACHE_HOME` or `$HOME/.cache` by the same rule. Tests point the
/// variables at temporary folders, so they never write into a real home.
public enum XDGDataHome {
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base(variable: "XDG_DATA_HOME", fallback: ".local/share", environment: environment)
    }

    public static func cacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base(variable: "XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }

    private static func base(variable: String, fallback: String, environment: [String: String]) -> URL {
        if let folder = environment[variable], folder.hasPrefix("/") {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
    }
}
