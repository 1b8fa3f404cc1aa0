// The user's configuration folder: `$XDG_CONFIG_HOME` when it is an absolute path, else `~/.config`.
import Foundation

public enum ConfigHome {
    /// The XDG base directory rule (a relative `XDG_CONFIG_HOME` is invalid and ignored, as the spec says).
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg) }
        return URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
    }

    /// SoundSafari's own folder inside it.
    public static func soundSafari(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        url(environment: environment).appendingPathComponent("soundsafari")
    }
}
