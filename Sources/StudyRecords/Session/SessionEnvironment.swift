// What a session ran on (app, input, HRTF, audio device, OS): the environment half of session.json and of each row.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The settings a session's rows and session.json record that the game, not the protocol, decides.
public struct SessionEnvironment: Sendable, Equatable, Codable {
    public var appVersion: String
    /// e.g. `linux-sdl2` (the `platform` column).
    public var platform: String
    /// The `input` column: `keyboard`, `gamepad-gyro`, `bot-ideal`, ...
    public var input: String
    /// OpenAL Soft HRTF name in use.
    public var hrtf: String
    /// SHA-256 of the HRTF's data file (64 hex digits); empty when the data set is built into OpenAL Soft.
    public var hrtfSHA256: String
    public var audioDevice: String
    public var sampleRate: Int
    public var os: String
    /// The machine's identifier (`device_id`); empty in sessions logged before it existed.
    public var deviceID: String

    public init(
        appVersion: String, platform: String = "linux-sdl2", input: String, hrtf: String,
        audioDevice: String, sampleRate: Int, os: String = SessionEnvironment.operatingSystem(),
        hrtfSHA256: String = "", deviceID: String = ""
    ) {
        self.appVersion = appVersion
        self.platform = platform
        self.input = input
        self.hrtf = hrtf
        self.hrtfSHA256 = hrtfSHA256
        self.audioDevice = audioDevice
        self.sampleRate = sampleRate
        self.os = os
        self.deviceID = deviceID
    }

    enum CodingKeys: String, CodingKey {
        case platform, input, hrtf, os
        case appVersion = "app_version"
        case audioDevice = "audio_device"
        case sampleRate = "sample_rate"
        case hrtfSHA256 = "hrtf_sha256"
        case deviceID = "device_id"
    }

    /// e.g. `Debian GNU/Linux 12 (bookworm); Linux 6.1.0-18-amd64 x86_64`, from /etc/os-release and uname(2).
    public static func operatingSystem() -> String {
        var parts: [String] = []
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            parts.append(line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        var names = utsname()
        if uname(&names) == 0 {
            func text<T>(_ field: T) -> String {
                withUnsafeBytes(of: field) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            }
            parts.append("\(text(names.sysname)) \(text(names.release)) \(text(names.machine))")
        }
        return parts.isEmpty ? ProcessInfo.processInfo.operatingSystemVersionString : parts.joined(separator: "; ")
    }
}
