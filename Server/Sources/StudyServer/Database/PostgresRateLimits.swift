// The rate limits' windows in PostgreSQL (`rate_limits`), so that every instance counts the same attempts.
import Foundation
import PostgresNIO

public struct PostgresRateLimits: RateLimitsRepository, PostgresRepository {
    let database: StudyDatabase

    public init(database: StudyDatabase) {
        self.database = database
    }

    /// Counts one attempt in `bucket`'s current window. Returns nil when it is within `limit`, else the seconds
    /// until the window ends (the Retry-After of the 429).
    public func countAttempt(bucket: String, limit: Int, windowSeconds: Int) async throws -> Int? {
        let row = try await rows(
            """
            INSERT INTO rate_limits (bucket, window_start, hits)
            VALUES (\(bucket), to_timestamp(floor(extract(epoch FROM now()) / \(windowSeconds)) * \(windowSeconds)), 1)
            ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1
            RETURNING hits, ceil(extract(epoch FROM window_start + \(windowSeconds) * interval '1 second' - now()))::int
            """
        ).one("the rate limit's window")
        let (hits, remaining) = try row.decode((Int, Int).self)
        try await execute(
            "DELETE FROM rate_limits WHERE window_start < now() - \(windowSeconds * 2) * interval '1 second'")
        return hits > limit ? max(remaining, 1) : nil
    }
}
