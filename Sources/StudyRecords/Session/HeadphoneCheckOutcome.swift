// session.json's `headphone_check` entries: how the check before the rounds ended, per run of the session.
import Foundation

/// One headphone check (a resumed session adds another): passed with both sides heard, or continued anyway
/// (one-sided hearing loss cannot pass), after how many failed attempts and the last problem found.
public struct HeadphoneCheckOutcome: Sendable, Equatable {
    public enum Result: String, Sendable, Codable {
        case bothSides = "both_sides"
        case continuedAnyway = "continued_anyway"
    }

    @LogTimestamp public var at: Date
    public var result: Result
    public var failedAttempts: Int
    /// `swapped`, `inconsistent`, `heard_on_both_sides`, `not_heard_left`, `not_heard_right`; nil if none failed.
    @ExplicitNull public var lastProblem: String?
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
}

extension HeadphoneCheckOutcome {
    /// session.json's `headphone_check` list on its own (the study server's overview reads only that part of a
    /// stored state); a `RecordError` names `file` and the field that is wrong.
    public static func decodeList(_ data: Data, file: String) throws -> [HeadphoneCheckOutcome] {
        do {
            return try JSONDecoder().decode([HeadphoneCheckOutcome].self, from: data)
        } catch let error as DecodingError {
            throw RecordError(file: file, reason: "headphone_check: " + RecordError.explain(error))
        }
    }
}
