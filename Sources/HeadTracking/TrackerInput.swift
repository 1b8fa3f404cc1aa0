// Which head tracker to listen to, as `--input opentrack[:PORT]` or `--input osc[:PORT]` spells it.

/// The protocol a head tracker speaks over UDP.
public enum TrackerProtocol: String, Sendable, CaseIterable {
    /// opentrack's "UDP over network" output: 48-byte datagrams of six little-endian doubles.
    case opentrack
    /// Open Sound Control messages (`/ypr`, `/SceneRotator/ypr`, `/soundsafari/heading`).
    case osc

    /// opentrack's own default for "UDP over network"; for OSC there is no common default, and 9000 is
    /// what most OSC head-tracker apps offer first.
    public var defaultPort: UInt16 {
        switch self {
        case .opentrack: 4242
        case .osc: 9000
        }
    }
}

/// A tracker protocol and the UDP port the game listens on.
public struct TrackerInput: Sendable, Equatable, CustomStringConvertible {
    public let kind: TrackerProtocol
    public let port: UInt16

    public init(kind: TrackerProtocol, port: UInt16? = nil) {
        self.kind = kind
        self.port = port ?? kind.defaultPort
    }

    /// `opentrack:4242`.
    public var description: String { "\(kind.rawValue):\(port)" }

    /// True when `text` names a tracker (`opentrack`, `osc`, with or without a port), valid or not.
    public static func namesTracker(_ text: String) -> Bool {
        let name = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return TrackerProtocol(rawValue: String(name)) != nil
    }

    /// Parses `opentrack`, `opentrack:5555`, `osc`, `osc:9001`; a bad port is one sentence saying what to use.
    public static func parse(_ text: String) throws -> TrackerInput {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let kind = TrackerProtocol(rawValue: parts[0]) else {
            throw TrackerError.unknownInput(text)
        }
        guard parts.count == 2 else { return TrackerInput(kind: kind) }
        guard let port = UInt16(parts[1]), port >= 1024 else {
            throw TrackerError.badPort(text)
        }
        return TrackerInput(kind: kind, port: port)
    }
}
