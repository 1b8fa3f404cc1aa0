// One run of a session ended by a signal: which one and when (session.json `interruptions`).
import Foundation

/// A run stopped by SIGINT, SIGTERM or SIGHUP after the row in progress was written.
public struct SessionInterruption: Sendable, Equatable, Codable {
    /// `SIGINT`, `SIGTERM` or `SIGHUP`.
    public var signal: String
    @LogTimestamp public var at: Date

    public init(signal: String, at: Date) {
        self.signal = signal
        self.at = at
    }
}
