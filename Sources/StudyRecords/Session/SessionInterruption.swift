// One run of a session ended by a signal: which one and when (session.json `interruptions`).
import Foundation

/// A run stopped by SIGINT, SIGTERM or SIGHUP after the row in progress was written.
public struct SessionInterruption: Sendable, Equatable, Codable {
    /// `SIGINT`, `SIGTERM` or `SIGHUP`.
    public var signal: String
    public var at: Date

    public init(signal: String, at: Date) {
        self.signal = signal
        self.at = at
    }

    enum CodingKeys: String, CodingKey { case signal, at }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signal, forKey: .signal)
        try container.encode(Timestamp.format(at), forKey: .at)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        signal = try container.decode(String.self, forKey: .signal)
        at = try container.decodeTimestamp(forKey: .at)
    }
}
