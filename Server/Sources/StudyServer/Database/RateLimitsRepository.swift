// Rate limits of sign-in and enrolment attempts, counted where every instance counts the same attempts.
import Foundation

public protocol RateLimitsRepository: Sendable {
    /// Counts one attempt in `bucket`'s current window. Returns nil when it is within `limit`, else the seconds
    /// until the window ends (the Retry-After of the 429).
    func countAttempt(bucket: String, limit: Int, windowSeconds: Int) async throws -> Int?
}
