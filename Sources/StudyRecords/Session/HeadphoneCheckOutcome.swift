// session.json's `headphone_check` entries: how the check before the rounds ended, per run of the session.
import Foundation

/// One headphone check (a resumed session adds another): passed with both sides heard, or continued anyway
/// (one-sided hearing loss cannot pass), after how many failed attempts and the last problem found.
public struct HeadphoneCheckOutcome: Sendable, Equatable {
    public enum Result: String, Sendable, Codable {
        case bothSides = "both_sides"
        case continuedAnyway = "continued_anyway"
    }

    public var at: Date
    public var result: Result
    public var failedAttempts: Int
    /// `swapped`, `inconsistent`, `heard_on_both_sides`, `not_heard_left`, `not_heard_right`; nil if none failed.
    public var lastProblem: String?
    /// The volume the check ended with (dB).
    public var volumeDB: Double

    public init(at: Date, result: Result, failedAttempts: Int, lastProblem: String?, volumeDB: Double) {
        self.at = at
        self.result = result
        self.failedAttempts = failedAttempts
        self.lastProblem = lastProblem
        self.volumeDB = volumeDB
    }
}

extension HeadphoneCheckOutcome: Codable {
    enum CodingKeys: String, CodingKey {
        case at, result
        case failedAttempts = "failed_attempts"
        case lastProblem = "last_problem"
        case volumeDB = "volume_db"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Timestamp.format(at), forKey: .at)
        try container.encode(result, forKey: .result)
        try container.encode(failedAttempts, forKey: .failedAttempts)
        try container.encode(lastProblem, forKey: .lastProblem)
        try container.encode(volumeDB, forKey: .volumeDB)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try container.decodeTimestamp(forKey: .at)
        result = try container.decode(Result.self, forKey: .result)
        failedAttempts = try container.decode(Int.self, forKey: .failedAttempts)
        lastProblem = try container.decodeIfPresent(String.self, forKey: .lastProblem)
        volumeDB = try container.decode(Double.self, forKey: .volumeDB)
    }
}
